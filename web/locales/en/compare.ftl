## compare: view 8, two runs side by side (app/compare_view.rs, teach/compare.rs).

compare-title = 8 · Compare two runs
compare-intro = Two models train at once, in two workers (one per core), from the same { -seed } and data order, with the current settings except one. The main run pauses while they train. The formulas below are those of the setting being compared.
compare-axis = compare
compare-axis-norm = norm placement (post vs pre)
compare-axis-smoothing = { -label-smoothing } ({ $a } vs { $b })
compare-axis-heads = { -head }s (as set vs 1, or vs 2 if set to 1)
compare-axis-warmup = { -warmup } steps (as set vs 1/{ $divisor } of it)
compare-axis-pe = { -positional-encoding } (on vs off)
compare-axis-tie = weight tying (off vs on)
compare-start = ▶ Start both
compare-pause = Pause both
compare-status = { $run }: { -step } { $step }, { $rate } { -token }s/s{ $latest }
compare-status-exact = , { -held-out } { -exact-match } { $exact }% at { -step } { $step }
compare-worker-stopped = This run's worker stopped. Press “▶ Start both” to compare again. (Technical detail, for a bug report: { $why })
compare-worker-silent = This run's worker stopped answering: nothing came from it for { $seconds } s, so it was stopped. Press “▶ Start both” to compare again.
compare-no-worker = A compare worker could not be started.
compare-chart-caption = Loss of A (blue) and B (orange): train lines, { -held-out } dots
compare-chart-label = Training and { -held-out } { -loss } of runs A and B by { -step }
compare-axis-step = { -step }
compare-axis-loss = { -loss } (per { -token })
compare-legend-train = { $run }: { $what }, train
compare-legend-held-out = { $run }: { -held-out }
compare-attention-title = { $run }: { -cross-attention }, average of the { -head }s, { $what }
compare-run-post = { -post-norm } (the paper)
compare-run-pre = { -pre-norm } (the { -annotated-transformer })
compare-run-smoothing = { -label-smoothing } ε = { $eps }
compare-run-heads = { $heads } { -head }(s), d_k = { $d_k }
compare-run-warmup = { -warmup } { $steps } steps
compare-run-pe-on = with { -positional-encoding } (the paper)
compare-run-pe-off = without { -positional-encoding }: word order is lost
compare-run-untied = untied: a pre-softmax matrix of its own (the default)
compare-run-tied = tied to the target { -embedding } (§3.4)
compare-attention-waiting = Start both runs to see where each one looks.

# The diagram of one encoder layer beside the norm formulas (compare/data.rs, LayerStep).
layer-title-post = One { -encoder } layer as this lab's model computes it, with { -post-norm } (the paper's placement, §3.1)
layer-title-pre = One { -encoder } layer as this lab's model computes it, with { -pre-norm } (the { -annotated-transformer }'s placement)
layer-input = input x (layer 1: { -embedding } × √d_model + PE, then { -dropout })
layer-attention = { -self-attention }, multi-head ({ -dropout } on its { -attention-weights })
layer-ffn = { -ffn }: ReLU(x W₁ + b₁), { -dropout }, then · W₂ + b₂
layer-dropout = { -dropout } on the sub-layer's output
layer-add = + the sub-layer's input ({ -residual })
layer-step-norm = { -layer-norm }
layer-final-norm = after the stack's last layer: one more { -layer-norm }
layer-dropout-legend = Dashed: where { -dropout } acts, in training only (p = { $p }). The { -decoder }'s layers are the same with one more sub-layer, { -cross-attention }.
layer-origin-paper = the paper, §5.4 “Residual Dropout”: { -dropout } on the output of each sub-layer, before it is added to the sub-layer's input, and on the sums of the { -embedding }s and the { -positional-encoding }s.
layer-origin-annotated = not in the paper: the { -annotated-transformer }'s, which this lab's model follows.
