## runs
