## pe
