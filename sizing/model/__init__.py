"""Models as the engine sees them: architectures, parameter counts, weights, caches, configs."""
