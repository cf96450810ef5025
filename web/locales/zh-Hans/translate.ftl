## translate: view 9, type a sentence, decode it greedily and step through the decoding.

translate-title = 9 · 一步一步地翻译
translate-intro = 用任务的源语言输入一句话。模型一次输出一个{ -token }，直到输出 <eos>。每个{ -token }的选法有三种：{ -greedy }（argmax）、{ -beam-search }和{ -sampling }。
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
translate-decode-title = 解码，一步一步看
translate-previous = ◀ 上一步
translate-next = 下一步 ▶
translate-keep-cache = 使用 { -kv-cache }
translate-decode-waiting = 先在上面翻译一个句子，就可以一步一步查看它的解码过程。
translate-attention-waiting = 在上方翻译一个句子，即可看到每个输出{ -token }关注了原文的哪里。
translate-decoder-input = { -decoder }的输入：
translate-chooses = → 选择
translate-top-k = 下一个{ -token }的前 { $k } 名（最后一个位置的 { -softmax }）
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
translate-formula-legend = 这里 t = { -step }数 = { $t }，d = d_model = { $d }，d_ff = { $dff }，S = 源句{ -token }数（含 <eos>）= { $src }，V = 目标{ -vocabulary }大小 = { $vocab }，L = { -decoder }{ -layer }数 = { $layers }。只计矩阵乘法。
translate-cross-row = 第 { $step } { -step }的{ -cross-attention }（行 = { -layer } · { -head }，列 = 源句的{ -key }）
translate-self-row = 第 { $step } { -step }的带{ -mask }{ -self-attention }（列 = 到目前为止{ -decoder }的输入）
translate-weight = { -softmax } 权重
translate-layer-head = 第 { $layer } { -layer } · 第 { $head } 个{ -head }
translate-unknown-as-unk = 不在{ -vocabulary }中，按 <unk> 读入（训练中出现少于两次的词）：
translate-formula-first-step = （第 1 步另加一次 { $extra }）

# Decoding three ways (views/decode/strategy.rs, beam.rs).
translate-strategy = { -token }的选法
translate-strategy-greedy = { -greedy }（argmax）
translate-strategy-beam = { -beam-search }
translate-strategy-sample = { -sampling }
translate-beam-size = 束宽
translate-beam-alpha = { -length-penalty } α
translate-sample-temperature = { -temperature } T
translate-sample-topk = { -top-k }（0 = 全部）
translate-sample-topp = { -top-p }
translate-sample-seed = { -seed }
translate-strategy-greedy-hint = 每一步取概率最高的{ -token }。很快，但选过的不再回头。它就是束宽为 1 的{ -beam-search }。
translate-strategy-beam-hint = 论文用{ -beam-search }解码，束宽 { $size }，α = { $alpha }（§6.1，依 Wu 等 2016）。同时保留多个{ -hypotheses }，所以起初看来只排第二的选择，后来仍可能胜出。
translate-strategy-sample-hint = 每个{ -token }都从模型的分布中随机抽取：softmax(z / T)，先只留概率最高的 { -top-k } 个，再只留概率之和达到 { -top-p } 的最少几个。同一个{ -seed }抽出同一个翻译；T → 0 时就是{ -greedy }。
translate-error-beam-size = 束宽必须是 1 到 { $max } 的整数。
translate-error-alpha = { -length-penalty } α 必须在 0 到 { $max } 之间。
translate-error-temperature = { -temperature }必须在 { $min } 到 { $max } 之间。
translate-error-top-k = { -top-k } 必须是 0（全部）到 { $max } 的整数。
translate-error-top-p = { -top-p } 必须大于 0、不超过 1。
translate-top-k-beam = 最佳{ -hypothesis }在这一步时，模型的前 { $k } 名（最后一个位置的 { -softmax }）
translate-chooses-beam = → 最佳{ -hypothesis }接着选
translate-top-k-sampled = { -sampling }分布 softmax(z / { $temperature }) 的前 { $k } 名（经过 { -top-k } 和 { -top-p }）：剩下 { $kept } 个{ -token }可抽
translate-chooses-sampled = → 抽到
translate-beam-title = { -beam-search }，第 { $step } 步：扩展 { $rows } 个{ -hypotheses }（束宽 { $size }，α = { $alpha }）
translate-beam-how = 每一行列出它最好的几个扩展。在所有扩展中，log P 最大的填满空位（它们长度相同，所以按 log P 排和按分数排一样）。以 <eos> 结尾的扩展作为完成的翻译离开束。完成的翻译长度不同，所以胜出的是分数最好的，而不是 log P 最好的。
translate-beam-conventions = 本次搜索的约定：以 <eos> 结尾的{ -hypothesis }离开束，每完成一个，束就少一行，继续搜索；所有空位都放满完成的{ -hypotheses }时，搜索结束。论文所用的代码 tensor2tensor 则不同：每一步都保留 { $size } 个存活的{ -hypotheses }，直到它们都不可能再胜过已完成的为止。长度：最多生成 { $max } 个{ -token }，含 <eos>（加上 <bos> 就是本实验室的上限 { $limit } 个）；没有 <eos> 而达到上限的也算完成。论文允许的是输入长度 + { $extra }（§6.1）。lp(Y) 中的 |Y| 是生成的{ -token }数，含 <eos>，不含 <bos>。
translate-beam-row = 第 { $row } 行：
translate-beam-score = 分数 = { $score }
translate-beam-kept = 保留
translate-beam-finished = 完成
translate-beam-pruned = 舍弃
translate-beam-cache = { -kv-cache }重排：每个留下的行复制其父行的缓存（新 ← 旧：{ $moves }）。
translate-beam-cache-none = 没有行继续，搜索在此结束。
translate-beam-ops = 这一步的乘加次数（整个束）：{ $ops }
translate-beam-finished-so-far = 到目前为止完成的（分数）：
translate-beam-over = 搜索在这一步之前已经结束。
translate-beam-best-done = 最佳{ -hypothesis }在第 { $step } 步完成；搜索为其余空位继续进行，所以下面的路径停在它的最后一步。
translate-compare-button = { -held-out }的 { -bleu }：{ -greedy }对比这个束
translate-compare-failed = 无法比较：
translate-compare-pending = 正在用两种方法解码{ -held-out }的句子…
translate-compare-result = 在 { $sentences } 句{ -held-out }句子上：{ -greedy } { -bleu } { $greedy }（完全一致 { $greedy_exact }%），束宽 { $size }（α = { $alpha }）{ -bleu } { $beam }（完全一致 { $beam_exact }%）。

# The words a model reads (views/translate/vocab.rs).
vocab-title = 这个模型认识的词（{ $count } 个）
vocab-intro = 这是这次训练的源语言{ -vocabulary }，按出现次数从多到少排列：每个词后面是它在训练句对的源句中出现的次数。不在这个{ -vocabulary }里的词，模型都不认识。
vocab-search = 在{ -vocabulary }中搜索
vocab-shown = 符合的词有 { $total } 个，列出 { $shown } 个
vocab-none = 没有包含“{ $query }”的词。
translate-nearest = 与“{ $word }”拼写最接近的已知词：{ $list }
translate-nearest-none = 没有与“{ $word }”拼写相近的已知词。
