## translate: view 9, type a sentence, decode it greedily and step through the decoding.

translate-title = 9 · 一步一步地翻译
translate-intro = 用这个任务的源语言输入一个句子。模型用{ -greedy }，每次输出一个{ -token }（取 argmax），直到输出 <eos> 为止。
translate-input-label = 要翻译的句子
translate-button = 翻译
translate-examples = { -held-out }的例句：
translate-empty = 请在上面输入一个句子（现在是空的）。
translate-too-long = 太长了：{ $words } 个词，最多 { $max } 个。
translate-too-long-banner = 这个句子有 { $words } 个词，而这个模型最多只能读 { $max } 个。请把它缩短。
translate-unknown-highlighted = 不认识的词已高亮显示：
translate-unknown-banner = 有 { $count } 个不认识的词：{ $list }。模型只认识这个任务{ -vocabulary }里的 { $size } 个词；请试试某个例句。
translate-longer-than-trained = 这个任务的句子最多 { $longest } 个词；模型从没见过更长的句子，所以很可能会出错。
translate-output = 输出：
translate-whole-attention = 整个解码过程的{ -cross-attention }（行 = 每一{ -step }的{ -query }，标为“输入 → 选出的{ -token }”；列 = 源句的{ -key }）

# The step-through of greedy decoding (app/decode_view.rs, teach/decode.rs).
translate-decode-title = { -greedy }，一步一步看
translate-previous = ◀ 上一步
translate-next = 下一步 ▶
translate-keep-cache = 使用 { -kv-cache }
translate-decode-waiting = 先在上面翻译一个句子，就可以一步一步查看它的解码过程。
translate-attention-waiting = 在上方翻译一个句子，即可看到每个输出{ -token }关注了原文的哪里。
translate-decoder-input = { -decoder }的输入：
translate-chooses = → 选择
translate-top-k = 下一个{ -token }的前 5 名（最后一个位置的 { -softmax }）
translate-kv-cache = { -kv-cache }
translate-cache-kept = 这一{ -step }之后，每一{ -layer }保存了 { $count } 个位置的 K 和 V：
translate-cache-note = 只有最新的位置是新计算的；{ -cross-attention }所用的源句 K 和 V 只在第 1 { -step }计算了一次。
translate-no-cache = 不用缓存：每一{ -step }都要对所有位置重新计算所有{ -layer }，并重新对源句的 K 和 V 做{ -projection }。
translate-ops-cached = 这一{ -step }的乘加次数（使用 { -kv-cache }）：
translate-ops-recompute = 这一{ -step }的乘加次数（不用缓存，整个前缀重新计算）：
translate-ops-check-cached = （由模型计数；公式给出 { $formula }）。不用缓存时：{ $other }。
translate-ops-check-recompute = （由模型计数；公式给出 { $formula }）。使用缓存时：{ $other }。
translate-formula-without = 不用缓存：
translate-formula-with = 使用缓存：
translate-formula-legend = t = { -step }数，d = d_model，S = 源句{ -token }数，V = 目标词数，L = { -layer }数。只计矩阵乘法。
translate-cross-row = 第 { $step } { -step }的{ -cross-attention }（行 = { -layer } · { -head }，列 = 源句的{ -key }）
translate-self-row = 第 { $step } { -step }的带掩码{ -self-attention }（列 = 到目前为止{ -decoder }的输入）
translate-weight = { -softmax } 权重
translate-layer-head = 第 { $layer } { -layer } · 第 { $head } 个{ -head }
translate-unknown-as-unk = 不在词表中，按 <unk> 读入（训练中出现少于两次的词）：
translate-formula-first-step = （第 1 步另加一次 { $extra }）
