# neighbours
