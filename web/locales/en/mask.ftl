## mask
