print("rk")
