"""The sizing and pricing engine: pure, synchronous, no network, no clock, no environment."""
