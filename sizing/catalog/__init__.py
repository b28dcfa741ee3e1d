"""The catalog of what FullGPU rents: GPUs, plans and prices, and what renting them costs."""
