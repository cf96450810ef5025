## compare
