## smoothing: view 7, label smoothing (app/smoothing_view.rs).

smoothing-title = 7 · Label smoothing
smoothing-log = log scale
smoothing-position = target { -token }
smoothing-spread = The correct { -token } gets 1 − ε = { $correct }; each of the other V − 2 = { $others } { -token }s gets ε / { $others } = { $share }; PAD gets 0.
smoothing-running-eps = The running model trains with ε = { $eps }.
smoothing-chart-label = Bar chart over the target { -vocabulary }: the smoothed target distribution q and the model's predicted distribution p for one target { -token } of the probe sentence
smoothing-axis-vocabulary = target { -vocabulary } ({ -token } id order)
smoothing-axis-probability = probability
smoothing-legend-q = target q (ε = { $eps })
smoothing-legend-p = model's prediction p
smoothing-split = This position's { -loss }: −Σ q ln p = { $loss } nats = H(q) { $floor } (the floor) + KL(q ‖ p) { $kl } (what training can still remove).
smoothing-split-no-model = Floor H(q) = { $floor } nats. The model's distribution, and the { -kl } part of the { -loss }, appear here once the model has run on the probe sentence.
smoothing-why = Why the training { -loss } never reaches 0: with ε > 0 the target q is itself spread out, so even a model that predicts q exactly still pays its { -entropy } H(q) on every { -token }; only the { -kl } part can be trained away. The { -held-out } { -loss } is measured against one-hot targets instead.
smoothing-rest = { $count } others
smoothing-axis-top = the target, <pad>, then the most probable { -token }s, then the rest
