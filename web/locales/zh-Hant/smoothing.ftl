## smoothing
