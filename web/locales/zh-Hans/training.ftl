## training: view 5, settings and the live training curves (app/training_view.rs).

training-title = 5 · 训练
training-intro = ▶ 训练在 Worker 中运行，页面保持流畅。重置会用这些设置从头开始训练；相同的{ -seed }得到相同的训练过程。
training-field-seed = { -seed }
training-field-d-model = d_model
training-field-heads = { -head }数
training-field-layers = { -layer }数
training-field-d-ff = d_ff
training-field-dropout = { -dropout }
training-field-warmup = { -warmup }{ -step }数
training-field-lr-factor = { -learning-rate }系数
training-field-smoothing = { -label-smoothing }
training-field-batch = { -batch }大小
training-field-norm = 归一化位置
training-norm-post = { -post-norm }（论文）
training-norm-post-option = { -post-norm }（论文）
training-norm-pre = { -pre-norm }（{ -annotated-transformer }）
training-field-pe = { -positional-encoding }（§3.5）
training-pe-hint = 关闭后，{ -attention }作用在一个集合上：一个句子和它的任意重排，给{ -encoder }的是同样的行，只是顺序不同；{ -cross-attention }对这些行加权求和。因此{ -decoder }能找到正确的词，却无法知道它们的顺序：复制和倒序任务都会失败。
training-field-tie = 权重共享（§3.4）
training-tie-hint = 打开后，{ -softmax } 之前的{ -projection }就是目标端{ -embedding }矩阵的转置，没有偏置。论文让两个{ -embedding }层和这个{ -projection }共用一个矩阵，这需要两种语言共用一个{ -vocabulary }；本实验室的任务每种语言各有{ -vocabulary }，所以只能共享目标端。默认关闭，以便与之前的训练比较：可在比较视图中把两者并排。
training-not-a-number = { $field } 必须是数字（输入：{ $got }）。
training-valid = 有效：d_k = d_model / h = { $d_k }。
training-invalid = 设置无效，无法运行：{ $problems }
training-apply = 用这些设置从头训练
training-model-parts = 每一{ -layer }除了{ -attention }之外还计算什么
training-model = 当前模型：{ $task }，{ $origin }，d_model { $d_model }，{ $heads } 个{ -head }，{ $layers } { -layer }，{ $norm }。
training-steps = { -step }数：
training-tokens-per-s = { -token }/秒：
training-engine-slower = { $engine ->
    [firefox] 在这个浏览器中，训练可能比 Chrome 或 Edge 慢：在测量用的电脑上，Firefox 训练本实验室的默认模型时每秒的{ -step }数约为 Chromium（Chrome 和 Edge 的引擎）的 { $times } 倍。
   *[webkit] 在这个浏览器中，训练可能比电脑上的 Chrome 或 Edge 慢：这个浏览器使用 Safari 的引擎 WebKit。在测量用的电脑上，WebKit 训练本实验室的默认模型时每秒的{ -step }数约为 Chromium（Chrome 和 Edge 的引擎）的 { $times } 倍。在 iPhone 和 iPad 上，所有浏览器（包括 Chrome 和 Edge）都使用 WebKit。
}训练的模型相同，只是每秒的{ -step }数不同。
training-log-scale = 对数坐标（{ -loss }和{ -learning-rate }）
training-eval-none = { -held-out }集评估：尚未运行。
training-eval = 第 { $step } { -step }的{ -held-out }集评估：{ -loss } { $loss }，{ -token }准确率 { $accuracy }%，{ -exact-match } { $exact }%，{ -bleu } { $bleu }（共 { $sentences } 句）。
training-eval-best-head = { $summary } 与标准对齐最一致的{ -cross-attention }{ -head }：第 { $layer } { -layer }第 { $head } 个{ -head }（与标准对齐的一致率 { $agreement }%）。
training-floor = 训练{ -loss }使用了{ -label-smoothing }（ε = { $eps }），所以每个{ -token }不会低于 { $floor } 奈特：这是平滑后目标分布的{ -entropy }，它把 ε 分给其余 { $others } 个词。{ -held-out }集{ -loss }是普通的{ -cross-entropy }，可以接近 0。
training-loss-caption = { -loss }：训练集与{ -held-out }集
training-loss-label = 训练集与{ -held-out }集{ -loss }随{ -step }数的变化
training-accuracy-caption = { -token }准确率与{ -exact-match }
training-accuracy-label = 准确率随{ -step }数的变化
training-rate-caption = { -learning-rate }（Noam：先{ -warmup }，再按 1/√{ -step }数衰减）
training-rate-label = { -learning-rate }随{ -step }数的变化
training-axis-step = { -step }数
training-axis-loss = { -loss }（每{ -token }）
training-axis-fraction = 比例
training-axis-rate = { -learning-rate }
training-legend-train = 训练
training-legend-train-smoothed = 训练（{ -label-smoothing } ε = { $eps }）
training-legend-held-out = { -held-out }集
training-legend-train-accuracy = 训练{ -token }准确率
training-legend-held-out-accuracy = { -held-out }集{ -token }准确率
training-legend-held-out-exact = { -held-out }集{ -exact-match }
training-legend-planned = Noam 调度（计划）
training-legend-rate-used = 实际使用的{ -learning-rate }
training-estimate = 约 { $params } 个参数。一个训练步在 Worker 中需要约 { $memory } 内存，在{ $where }上约需 { $seconds } 秒。
training-estimate-measured = 本浏览器（训练时测得）
training-estimate-typical = 一台普通笔记本电脑（开始训练后会测量本浏览器的速度）
training-estimate-slow = 训练会很慢，暂停要等当前这一步结束才生效。减小批大小、d_model 或 d_ff，或减少层数，会更快。
training-estimate-too-large = 这个模型无法在这里训练：有 { $params } 个参数，一步在 Worker 中需要约 { $memory }，而浏览器的 Worker 最多只能分配 { $max }。减小批大小、d_model 或 d_ff，或减少层数，就能放下。
