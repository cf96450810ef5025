## problems: errors and verdicts from the worker, settings and files

problems-checkpoint = The checkpoint could not be loaded ({ $why }).
problems-checkpoint-kept = The checkpoint could not be loaded ({ $why }). The current model keeps working.
problems-checkpoint-too-short = the file holds only { $bytes ->
        [one] 1 byte
       *[other] { $bytes } bytes
    }, too few for a { -checkpoint }: it may have been cut short
problems-checkpoint-not-ours = the file is not a { -checkpoint } saved by the lab
problems-checkpoint-version = it is in { -checkpoint } format version { $found }, but the lab reads only versions { $oldest } to { $newest }
problems-checkpoint-damaged = the file is damaged
problems-checkpoint-inconsistent = the model it describes, its stored settings and its weights do not agree
problems-checkpoint-too-large = the file or the model it describes is too large for the lab
problems-pretrained = The pretrained { $task } model could not be loaded ({ $why }), so training starts from an untrained model instead.
problems-no-model = No model is loaded yet: wait for the pretrained checkpoint, or press Reset to start from scratch.
problems-unreadable = The page and the training worker did not understand each other. Reloading the page helps. (Technical detail, for a bug report: { $why })
problems-crashed = The training worker stopped again, too often to be restarted by itself. Press “Restart worker” to start a new one (the last saved run is kept). (Technical detail, for a bug report: { $why })
problems-diverged-loss = Training blew up at step { $step }: the { -loss } rose to { $loss }, more than { $factor }× where it started or what a uniform guess scores ({ $reference }).
problems-diverged-nan = Training blew up at step { $step }: the { -loss } became NaN or infinite, so the weights are no longer numbers.
problems-diverged-cause = The { -learning-rate } at step { $peak_step } (its peak) was { $rate } (factor { $lr_factor }): the { -warmup } is too short or the factor too high. Training is paused; Reset starts again with the preset's schedule (factor { $safe_factor }, { $safe_warmup } { -warmup } steps).
problems-diverged-weights = Training diverged at step { $step }: the model's numbers became NaN or infinite. Training is paused; Reset starts again.
problems-field-n-layers = the number of { -layer }s
problems-field-n-heads = the number of { -head }s
problems-field-batch-size = the { -batch } size
problems-field-warmup-steps = { -warmup }
problems-field-label-smoothing = { -label-smoothing }
problems-field-dropout = { -dropout }
problems-rule-between = { $name } must be between { $min } and { $max } (got { $got }).
problems-rule-even = d_model must be even: { -positional-encoding } pairs a sine with a cosine (got { $got }).
problems-rule-divisible = d_model ({ $d_model }) must be divisible by the number of { -head }s ({ $n_heads }): each { -head } gets d_k = d_model / h dimensions.
problems-rule-at-least-one = { $name } must be at least 1.
problems-rule-warmup = Warm-up must be at least 1 step: the Noam schedule divides by it.
problems-rule-fraction = { $name } must be at least 0 and below 1 (got { $got }).
problems-rule-factor = The { -learning-rate } factor must be above 0 and at most { $max } (got { $got }).
problems-rule-budget = This model would have { $count } parameters; the lab trains at most { $max }.
problems-rule-budget-huge = This model would have more parameters than can be counted; the lab trains at most { $max }.
problems-rule-memory = A training step would need about { $needed } in the worker; a browser worker can be given at most { $max }. A smaller batch, d_model or d_ff, or fewer layers, fits.
problems-rule-memory-huge = A training step would need more memory than can be counted; a browser worker can be given at most { $max }.
problems-rule-not-loaded = This task's sentences are not loaded yet. Choose the task again to download them.
problems-data = The sentences of { $task } could not be loaded ({ $why }). The current model keeps working.
problems-download-unreachable = the server could not be reached
problems-download-http = the server answered with HTTP error { $status }
problems-download-broke-off = the download broke off
problems-download-cut-short = the download was cut short: { $got } of { $expected } bytes arrived
problems-download-too-large = the file is larger than the { $max } the lab accepts
problems-download-pairs-missing = the file states { $stated } pairs but holds { $found }: it was cut short on its way
problems-download-not-readable = the file arrived, but not in the form the lab reads
