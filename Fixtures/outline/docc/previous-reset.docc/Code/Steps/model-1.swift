struct Model {}
