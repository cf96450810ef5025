## training: view 5, settings and the live training curves (app/training_view.rs).

training-title = 5 · Training
training-intro = ▶ Train runs in the worker; the page stays responsive. Reset starts from scratch with these settings; the same { -seed } gives the same run.
training-field-seed = { -seed }
training-field-d-model = d_model
training-field-heads = { -head }s
training-field-layers = { -layer }s
training-field-d-ff = d_ff
training-field-dropout = { -dropout }
training-field-warmup = { -warmup } steps
training-field-lr-factor = { -learning-rate } factor
training-field-smoothing = { -label-smoothing }
training-field-batch = { -batch } size
training-field-norm = norm placement
training-norm-post = { -post-norm } (paper)
training-norm-post-option = { -post-norm } (paper)
training-norm-pre = { -pre-norm } ({ -annotated-transformer })
training-field-pe = positional encoding (§3.5)
training-pe-hint = Off: attention works on a set. A sentence and any reordering of it give the { -encoder } the same rows, reordered, and { -cross-attention } sums over them, so the { -decoder } can find the right words but not their order: copy and reverse fail.
training-field-tie = weight tying (§3.4)
training-tie-hint = On: the pre-softmax projection is the target { -embedding } matrix, transposed, with no bias. The paper shares one matrix between both embeddings and that projection, which needs one vocabulary for both languages; the lab's tasks have one per language, so only the target side can be tied. Off by default, so that earlier runs stay comparable: compare the two here.
training-not-a-number = { $field } must be a number (got { $got }).
training-valid = Valid: d_k = d_model / h = { $d_k }.
training-invalid = Not valid, so it cannot be run: { $problems }
training-apply = Train from scratch with these settings
training-model-parts = What each { -layer } computes besides { -attention }
training-model = Current model: { $task }, { $origin }, d_model { $d_model }, { $heads } { -head }s, { $layers } { -layer }s, { $norm }.
training-steps = steps:
training-tokens-per-s = { -token }s/s:
training-engine-slower = { $engine ->
    [firefox] Training may go more slowly here than in Chrome or Edge: on the computer where it was measured, Firefox trained the lab's default model at about { $times } times the { -step }s per second of Chromium, the engine of Chrome and Edge.
   *[webkit] Training may go more slowly here than in Chrome or Edge on a computer: this browser runs on WebKit, Safari's engine, and on the computer where it was measured, WebKit trained the lab's default model at about { $times } times the { -step }s per second of Chromium, the engine of Chrome and Edge. On an iPhone or iPad every browser, Chrome and Edge too, runs on WebKit.
} The model trained is the same; only the { -step }s per second differ.
training-log-scale = log scale ({ -loss } and { -learning-rate })
training-eval-none = Held-out evaluation: not run yet.
training-eval = Held-out at { -step } { $step }: { -loss } { $loss }, { -token } accuracy { $accuracy }%, { -exact-match } { $exact }%, { -bleu } { $bleu } on { $sentences } sentences.
training-eval-best-head = { $summary } Best-aligned { -cross-attention } { -head }: { -layer } { $layer } { -head } { $head } ({ $agreement }% agreement with the gold alignment).
training-floor = The train { -loss } is label-smoothed (ε = { $eps }), so it cannot fall below { $floor } nats per { -token }: the { -entropy } of the smoothed target, which spreads ε over the other { $others } words. The { -held-out } { -loss } is plain { -cross-entropy } and can approach 0.
training-loss-caption = Loss: train and { -held-out }
training-loss-label = Training and { -held-out } { -loss } by { -step }
training-accuracy-caption = Token accuracy and { -exact-match }
training-accuracy-label = Accuracy by { -step }
training-rate-caption = Learning rate (Noam: { -warmup }, then 1/√step)
training-rate-label = Learning rate by { -step }
training-axis-step = { -step }
training-axis-loss = { -loss } (per { -token })
training-axis-fraction = fraction
training-axis-rate = { -learning-rate }
training-legend-train = train
training-legend-train-smoothed = train (label-smoothed, ε = { $eps })
training-legend-held-out = { -held-out }
training-legend-train-accuracy = train { -token } accuracy
training-legend-held-out-accuracy = { -held-out } { -token } accuracy
training-legend-held-out-exact = { -held-out } { -exact-match }
training-legend-planned = Noam schedule (planned)
training-legend-rate-used = { -learning-rate } used
training-estimate = About { $params } parameters. A training step needs about { $memory } in the worker and takes about { $seconds } s on { $where }.
training-estimate-measured = this browser (measured while training)
training-estimate-typical = a typical laptop (this browser is measured once a run trains)
training-estimate-slow = Training will be slow, and Pause takes effect only when the current step ends. A smaller batch, d_model or d_ff, or fewer layers, is faster.
training-estimate-too-large = This model cannot train here: with { $params } parameters, a step would need about { $memory } in the worker, and a browser worker can be given at most { $max }. A smaller batch, d_model or d_ff, or fewer layers, fits.
