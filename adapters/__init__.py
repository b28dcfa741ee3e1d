"""Outside adapters: the engine's ports met by real services (the Hugging Face Hub).

``sizing`` defines the ports (``sizing.ModelSource``) and never imports this package; the
composition roots (``sizing/__main__.py``, the bot's runtime and command line) wire it in.
"""

from adapters.hf_hub import HubSettings, HubSource, hub_from_environment

__all__ = ["HubSettings", "HubSource", "hub_from_environment"]
