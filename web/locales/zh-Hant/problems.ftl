## problems: errors and verdicts from the worker, settings and files
