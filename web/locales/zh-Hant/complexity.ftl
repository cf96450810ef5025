## complexity
