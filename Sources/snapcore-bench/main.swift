print("snapcore-bench: not built yet")
