## compare: view 8, two runs side by side (app/compare_view.rs, teach/compare.rs).

compare-title = 8 · 比较两次训练
compare-intro = 两个模型在两个 Worker 中同时训练（每个核心一个），{ -seed }和数据顺序相同，当前设置中只有一项不同。它们训练时，主训练会暂停。下方的公式是所比较的那项设置的公式。
compare-axis = 比较
compare-axis-norm = 归一化位置（{ -post-norm }与{ -pre-norm }）
compare-axis-smoothing = { -label-smoothing }（{ $a } 与 { $b }）
compare-axis-heads = { -head }数（当前设置与 1；若设置为 1，则与 2）
compare-axis-warmup = { -warmup }{ -step }数（当前设置与其 1/{ $divisor }）
compare-axis-pe = { -positional-encoding }（开与关）
compare-axis-tie = 权重共享（关与开）
compare-start = ▶ 同时开始
compare-pause = 同时暂停
compare-status = { $run }：第 { $step } { -step }，{ $rate } { -token }/秒{ $latest }
compare-status-exact = ，第 { $step } { -step }的{ -held-out }集{ -exact-match } { $exact }%
compare-worker-stopped = 这次训练的 Worker 停止了。按“▶ 同时开始”可再比较一次。（供报告问题用的技术细节：{ $why }）
compare-worker-silent = 这次训练的 Worker 没有响应：{ $seconds } 秒内没有收到它的任何消息，因此已将它停止。按“▶ 同时开始”可再比较一次。
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
compare-run-tied = 与目标端{ -embedding }共享（§3.4）
compare-attention-waiting = 两次训练同时开始后，即可看到各自关注哪里。

# 归一化公式旁的单个编码器层示意图。
layer-title-post = 本实验室的模型所计算的一个{ -encoder }层，{ -post-norm }（论文的放置方式，§3.1）
layer-title-pre = 本实验室的模型所计算的一个{ -encoder }层，{ -pre-norm }（{ -annotated-transformer } 的放置方式）
layer-input = 输入 x（第 1 层：{ -embedding } × √d_model + { -positional-encoding }，然后 { -dropout }）
layer-attention = { -multi-head }，{ -self-attention }（对{ -attention-weights }做 { -dropout }）
layer-ffn = { -ffn }：ReLU(x W₁ + b₁)，{ -dropout }，然后 · W₂ + b₂
layer-dropout = 对子层输出做 { -dropout }
layer-add = + 子层的输入（{ -residual }）
layer-step-norm = { -layer-norm }
layer-final-norm = 整个堆叠的最后一层之后：再一个{ -layer-norm }
layer-dropout-legend = 虚线：{ -dropout } 起作用的位置（仅在训练时，p = { $p }）。{ -decoder }的层与此相同，只多一个子层：{ -cross-attention }。
layer-origin-paper = 论文 §5.4（残差 { -dropout }）：对每个子层的输出做 { -dropout }，在它与子层的输入相加之前；另外也对{ -embedding }与{ -positional-encoding }之和做 { -dropout }。
layer-origin-annotated = 论文中没有：这是 { -annotated-transformer } 的做法，本实验室的模型沿用了它。
