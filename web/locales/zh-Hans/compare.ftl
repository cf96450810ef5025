## compare: view 8, two runs side by side (app/compare_view.rs, teach/compare.rs).

compare-title = 8 · 比较两次训练
compare-intro = 两个模型在两个 Worker 中同时训练（每个核心一个），{ -seed }和数据顺序相同，当前设置中只有一项不同。它们训练时，主训练会暂停。下方的公式是所比较的那项设置的公式。
compare-axis = 比较
compare-axis-norm = 归一化位置（{ -post-norm }与{ -pre-norm }）
compare-axis-smoothing = { -label-smoothing }（0.1 与 0）
compare-axis-heads = { -head }数（当前设置与 1；若设置为 1，则与 2）
compare-axis-warmup = { -warmup }{ -step }数（当前设置与其四分之一）
compare-axis-pe = { -positional-encoding }（开与关）
compare-axis-tie = 权重共享（关与开）
compare-start = ▶ 同时开始
compare-pause = 同时暂停
compare-status = { $run }：第 { $step } { -step }，{ $rate } { -token }/秒{ $latest }
compare-status-exact = ，第 { $step } { -step }的{ -held-out }集{ -exact-match } { $exact }%
compare-worker-stopped = 这次训练的 Worker 停止了：{ $why }
compare-no-worker = 无法启动用于比较的 Worker。
compare-chart-caption = A（蓝）与 B（橙）的{ -loss }：线为训练集，点为{ -held-out }集
compare-chart-label = 训练 A 与 B 的训练集与{ -held-out }集{ -loss }随{ -step }数的变化
compare-axis-step = { -step }数
compare-axis-loss = { -loss }（每{ -token }）
compare-legend-train = { $run }：{ $what }，训练
compare-legend-held-out = { $run }：{ -held-out }集
compare-attention-title = { $run }：{ -cross-attention }（各{ -head }平均），{ $what }
compare-run-post = { -post-norm }（论文）
compare-run-pre = { -pre-norm }（{ -annotated-transformer }）
compare-run-smoothing = { -label-smoothing } ε = { $eps }
compare-run-heads = { $heads } 个{ -head }，d_k = { $d_k }
compare-run-warmup = { -warmup } { $steps } { -step }
compare-run-pe-on = 有{ -positional-encoding }（论文）
compare-run-pe-off = 无{ -positional-encoding }：词序丢失
compare-run-untied = 不共享：{ -softmax } 前有自己的矩阵（默认）
compare-run-tied = 与目标端嵌入共享（§3.4）
compare-attention-waiting = 两次训练同时开始后，即可看到各自关注哪里。
