"""The words answers are made of: sentences for codes, knowledge facts, phrases and plan names."""
