## The page's frame: title, intro, toolbar, run bar, banners, shared names.

common-title = Attention Lab（{ -attention }实验室）
common-language = 语言
common-language-unavailable = 无法加载{ $language }的界面文字，因此页面以当前语言显示。网络恢复后，请在语言菜单中重新选择它。（供报告问题用的技术细节：{ $why }）
common-intro = 一个真正的{ -encoder }–{ -decoder } { -transformer }（Vaswani 等，2017）就在你的浏览器里（Web Worker 中）训练。下面的每一幅图都由模型自己的数值画出。
common-conventions = 约定。
common-conventions-maps = { -attention }图：行 = { -query }，列 = { -key }；每一行的和为 1。
common-conventions-tokens = { -token }：<bos> 是{ -decoder }输入的开头，<eos> 是每个句子的结尾，<pad> 在一个{ -batch }中填充较短的句子，并且总是被遮蔽。
common-conventions-mask = { -mask }：true = 遮蔽（灰色斜线）：{ -score }在 { -softmax } 之前变为 −∞，所以权重恰好为 0。

common-task = 任务
common-task-copy = 复制
common-task-reverse = 倒序
common-task-en-ja = 英语 → 日语
common-task-real-en-ja = 英语 → 日语（真实句子）
common-task-real-en-zh = 英语 → 中文（真实句子）
common-task-custom = 自己的句子对
common-train = ▶ 训练
common-pause = ❚❚ 暂停
common-step-button = 单步
common-reset = ⟲ 重置
common-reset-scratch = （从头开始）
common-reset-tooltip = 丢弃权重，用下面的设置从头开始训练
common-menu = 更多
common-menu-tooltip = 跳到模型图下方的其余控件：任务、语言、演示与分享、{ -checkpoint }、已保存的训练和你自己的句对
common-step = { -step }
common-step-count = 第 { $step } { -step }
common-loss = { -loss }
common-tokens-per-s = { $rate } 个{ -token }/秒
common-cores = 正在 { $cores } 个核心上训练
common-cores-tooltip = 每一{ -step }的{ -batch }被分成两半：本页的训练 Worker 计算一半，辅助 Worker 在机器的第二个核心上计算另一半。两者的梯度相加，所以结果与单核训练相同，只是更快。在你点击、输入或滚动时，训练 Worker 会暂时独自计算两半，把第二个核心让给页面，使页面能立即响应。
common-restart-worker = 重启 Worker
common-dismiss = 关闭
common-model-origin = 模型：{ $task } · { $origin }
common-no-model = 还没有模型
common-origin-pretrained = 预训练{ -checkpoint }
common-origin-scratch = 从头开始
common-origin-restored = 从本浏览器恢复
common-origin-uploaded = 上传的{ -checkpoint }
common-download = ⤓ 下载{ -checkpoint }
common-upload = ⤒ 上传{ -checkpoint }
common-forget = 忘记保存的训练
common-forgotten = 已忘记本标签页保存的训练；除非再次训练，下次重新加载将从预训练模型开始。
common-starting = 正在启动训练 Worker…
common-settings-refused = 这些设置无法训练，因此没有开始：{ $problems }
common-diverged-press-reset = 这次训练发散了（{ -loss }变成了 NaN 或无穷大）。请按“重置”重新开始。

common-kind-encoder-self = { -encoder }{ -self-attention }
common-kind-decoder-self = { -decoder }带{ -mask }的{ -self-attention }
common-kind-cross = { -cross-attention }（{ -decoder } → { -encoder }）

common-copy-link = 复制链接
common-copy-link-tooltip = 打开此页面当前状态的链接：语言、任务、设置与{ -seed }、视图、{ -head }和句子
common-qr = 二维码
common-qr-tooltip = 放大显示此页面当前状态链接的二维码，供课堂扫描
common-qr-label = 此页面当前状态链接的二维码
common-qr-too-long = 此链接太长，无法生成二维码：请使用“复制链接”。
common-qr-close = 关闭
common-copy-embed = 嵌入代码
common-copy-embed-tooltip = 一段只显示当前视图（保持现在的状态）的嵌入框架代码，可放进幻灯片或课程页面；在其中也能训练
common-offline-available = 可离线使用：实验室
common-offline-using-copy = 离线（正在使用保存的副本）：实验室
common-offline-not-yet = 尚不能离线使用
common-offline-refused = 此处不能离线使用：需要 https:// 或 localhost 地址，以及允许离线使用的浏览器
common-offline-tooltip = 访问一次之后，没有网络也能打开实验室：页面、自学指南，以及你打开过的每个任务（它的预训练模型和句子）
common-embed-copied = 嵌入代码已复制：粘贴到幻灯片或课程页面即可。在其链接中加上 hide=settings,controls,questions 可隐藏这些部分。
common-open-whole = 打开完整实验室 ↗
common-link-copied = 链接已复制。打开它会恢复这个视图；用同一{ -seed }从头训练，结果完全相同。
common-link-problems = 链接中的部分值无法使用，已忽略：{ $values }
common-worker-restarted = 训练 Worker 停止了。正在启动新的 Worker，并将恢复最后保存的训练。（供报告问题用的技术细节：{ $message }）
common-worker-crashed-restored = 训练 Worker 停止了，因此已启动新的 Worker，并从最后一次保存（第 { $step } { -step }）恢复了训练。（供报告问题用的技术细节：{ $message }）
common-worker-unstartable = 无法启动训练 Worker。请重新加载页面后再试。
common-worker-silent = 训练 Worker 没有响应：{ $seconds } 秒内没有收到它的任何消息。正在启动新的 Worker，并将恢复最后保存的训练。
common-worker-silent-restored = 训练 Worker 有 { $seconds } 秒没有响应，因此已启动新的 Worker，并从最后一次保存（第 { $step } { -step }）恢复了训练。
common-worker-replaced-unsaved = 训练 Worker 停止了，因此已启动新的 Worker。它无法恢复已保存的训练，所以加载了{ $origin ->
    [pretrained] 预训练模型
   *[scratch] 从头开始的新模型
}（第 { $step } { -step }）。
common-worker-silent-again = 训练 Worker 又没有响应了。它在 { $minutes } 分钟内已重启 { $restarts } 次，因此不再自动重启：按“重启 Worker”可再试一次（最后保存的训练仍然保留）。
common-building = 正在构建一个有 { $params } 个参数的模型；一个训练步需要约 { $memory } 内存、约 { $seconds } 秒。
common-step-running = 第 { $step } { -step }运行中：已 { $elapsed } 秒，约需 { $total } 秒
common-step-running-unknown = 第 { $step } { -step }运行中：已 { $elapsed } 秒
common-data-source = 句子：
common-data-about = 关于数据
common-downloading-sentences = 正在下载“{ $task }”的句子：{ $size }
common-downloading-model = 正在下载“{ $task }”的预训练模型：{ $size }
common-download-of = { $loaded } / { $total }
common-data-split = 文本如何变成{ -token }：英语转为小写并按空格切分，. , ? ! 各自是一个{ -token }；日语使用语料库切好的词典词；中文逐字读取，每个汉字是一个{ -token }（日常文本用到的汉字种类远少于词的种类，因此 <unk> 更少）；每个标点是一个{ -token }。在训练句子中出现少于两次的词或字记为 <unk>。
