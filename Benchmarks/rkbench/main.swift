print("rkbench")
