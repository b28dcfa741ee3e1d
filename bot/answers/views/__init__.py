"""Template data: each answer kind's figures formatted and its codes worded, one module a kind."""
