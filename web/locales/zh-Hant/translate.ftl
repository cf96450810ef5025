## translate: view 9, type a sentence, decode it greedily and step through the decoding.

translate-title = 9 · 一步一步翻譯
translate-intro = 用任務的來源語言輸入一句話。模型一次輸出一個{ -token }，直到輸出 <eos>。每個{ -token }的選法有三種：{ -greedy }（argmax）、{ -beam-search }和{ -sampling }。
translate-input-label = 要翻譯的句子
translate-button = 翻譯
translate-examples = { -held-out }的例句：
translate-empty = 請在上方輸入一個句子（目前是空的）。
translate-too-long = 太長了：{ $words } 個詞，最多 { $max } 個。
translate-too-long-banner = 這個句子有 { $words } 個詞，但這個模型最多只能讀 { $max } 個。請把它縮短。
translate-unknown-highlighted = 不認識的詞已用醒目標示：
translate-unknown-banner = 有 { $count } 個不認識的詞：{ $list }。模型只認得這個任務{ -vocabulary }裡的 { $size } 個詞；請試試其中一個例句。
translate-longer-than-trained = 這個任務的句子最多 { $longest } 個詞；模型從沒看過更長的句子，所以很可能會出錯。
translate-output = 輸出：
translate-whole-attention = 整個解碼過程的{ -cross-attention }（列 = 每一{ -step }的 { -query }，標為「輸入 → 選出的{ -token }」；欄 = 來源句的 { -key }）

# The step-through of greedy decoding (app/decode_view.rs, teach/decode.rs).
translate-decode-title = 解碼，一步一步看
translate-previous = ◀ 上一步
translate-next = 下一步 ▶
translate-keep-cache = 使用 { -kv-cache }
translate-decode-waiting = 先在上方翻譯一個句子，就能一步一步檢視它的解碼過程。
translate-attention-waiting = 在上方翻譯一個句子，即可看到每個輸出{ -token }關注了原文的哪裡。
translate-decoder-input = { -decoder }的輸入：
translate-chooses = → 選出
translate-top-k = 下一個{ -token }的前 { $k } 名（最後一個位置的 { -softmax }）
translate-kv-cache = { -kv-cache }
translate-cache-kept = 這一{ -step }之後，每一{ -layer }保存了 { $count } 個位置的 K 和 V：
translate-cache-note = 只有最新的位置是新算的；{ -cross-attention }用到的來源句 K 和 V 只在第 1 { -step }算過一次。
translate-no-cache = 不用快取：每一{ -step }都要對所有位置重新計算所有{ -layer }，並重新{ -projection }來源句的 K 和 V。
translate-ops-cached = 這一{ -step }的乘加次數（使用 { -kv-cache }）：
translate-ops-recompute = 這一{ -step }的乘加次數（不用快取，整個前綴重新計算）：
translate-ops-check-cached = （由模型計數；公式給出 { $formula }）。不用快取時：{ $other }。
translate-ops-check-recompute = （由模型計數；公式給出 { $formula }）。使用快取時：{ $other }。
translate-formula-without = 不用快取：
translate-formula-with = 使用快取：
translate-formula-legend = 這裡 t = { -step }數 = { $t }，d = d_model = { $d }，d_ff = { $dff }，S = 來源句{ -token }數（含 <eos>）= { $src }，V = 目標{ -vocabulary }大小 = { $vocab }，L = { -decoder }{ -layer }數 = { $layers }。只計矩陣乘法。
translate-cross-row = 第 { $step } { -step }的{ -cross-attention }（列 = { -layer } · { -head }，欄 = 來源句的 { -key }）
translate-self-row = 第 { $step } { -step }的帶{ -mask }{ -self-attention }（欄 = 到目前為止{ -decoder }的輸入）
translate-weight = { -softmax } 權重
translate-layer-head = 第 { $layer } { -layer } · 第 { $head } 個{ -head }
translate-unknown-as-unk = 不在{ -vocabulary }中，按 <unk> 讀入（訓練中出現少於兩次的詞）：
translate-formula-first-step = （第 1 步另加一次 { $extra }）

# Decoding three ways (views/decode/strategy.rs, beam.rs).
translate-strategy = { -token }的選法
translate-strategy-greedy = { -greedy }（argmax）
translate-strategy-beam = { -beam-search }
translate-strategy-sample = { -sampling }
translate-beam-size = 束寬
translate-beam-alpha = { -length-penalty } α
translate-sample-temperature = { -temperature } T
translate-sample-topk = { -top-k }（0 = 全部）
translate-sample-topp = { -top-p }
translate-sample-seed = { -seed }
translate-strategy-greedy-hint = 每一步取機率最高的{ -token }。很快，但選過的不再回頭。它就是束寬為 1 的{ -beam-search }。
translate-strategy-beam-hint = 論文用{ -beam-search }解碼，束寬 { $size }，α = { $alpha }（§6.1，依 Wu 等 2016）。同時保留多個{ -hypotheses }，所以起初看來只排第二的選擇，後來仍可能勝出。
translate-strategy-sample-hint = 每個{ -token }都從模型的分布中隨機抽取：softmax(z / T)，先只留機率最高的 { -top-k } 個，再只留機率總和達到 { -top-p } 的最少幾個。同一個{ -seed }抽出同一個翻譯；T → 0 時就是{ -greedy }。
translate-error-beam-size = 束寬必須是 1 到 { $max } 的整數。
translate-error-alpha = { -length-penalty } α 必須在 0 到 { $max } 之間。
translate-error-temperature = { -temperature }必須在 { $min } 到 { $max } 之間。
translate-error-top-k = { -top-k } 必須是 0（全部）到 { $max } 的整數。
translate-error-top-p = { -top-p } 必須大於 0、不超過 1。
translate-top-k-beam = 最佳{ -hypothesis }在這一步時，模型的前 { $k } 名（最後一個位置的 { -softmax }）
translate-chooses-beam = → 最佳{ -hypothesis }接著選
translate-top-k-sampled = { -sampling }分布 softmax(z / { $temperature }) 的前 { $k } 名（經過 { -top-k } 和 { -top-p }）：剩下 { $kept } 個{ -token }可抽
translate-chooses-sampled = → 抽到
translate-beam-title = { -beam-search }，第 { $step } 步：擴展 { $rows } 個{ -hypotheses }（束寬 { $size }，α = { $alpha }）
translate-beam-how = 每一行列出它最好的幾個擴展。在所有擴展中，log P 最大的填滿空位（它們長度相同，所以按 log P 排和按分數排一樣）。以 <eos> 結尾的擴展作為完成的翻譯離開束。完成的翻譯長度不同，所以勝出的是分數最好的，而不是 log P 最好的。
translate-beam-conventions = 本次搜尋的約定：以 <eos> 結尾的{ -hypothesis }離開束，每完成一個，束就少一列，繼續搜尋；所有空位都放滿完成的{ -hypotheses }時，搜尋結束。論文所用的程式碼 tensor2tensor 則不同：每一步都保留 { $size } 個存活的{ -hypotheses }，直到它們都不可能再勝過已完成的為止。長度：最多生成 { $max } 個{ -token }，含 <eos>（加上 <bos> 就是本實驗室的上限 { $limit } 個）；沒有 <eos> 而達到上限的也算完成。論文允許的是輸入長度 + { $extra }（§6.1）。lp(Y) 中的 |Y| 是生成的{ -token }數，含 <eos>，不含 <bos>。
translate-beam-row = 第 { $row } 列：
translate-beam-score = 分數 = { $score }
translate-beam-kept = 保留
translate-beam-finished = 完成
translate-beam-pruned = 捨棄
translate-beam-cache = { -kv-cache }重排：每個留下的列複製其父列的快取（新 ← 舊：{ $moves }）。
translate-beam-cache-none = 沒有列繼續，搜尋在此結束。
translate-beam-ops = 這一步的乘加次數（整個束）：{ $ops }
translate-beam-finished-so-far = 到目前為止完成的（分數）：
translate-beam-over = 搜尋在這一步之前已經結束。
translate-beam-best-done = 最佳{ -hypothesis }在第 { $step } 步完成；搜尋為其餘空位繼續進行，所以下面的路徑停在它的最後一步。
translate-compare-button = { -held-out }的 { -bleu }：{ -greedy }對比這個束
translate-compare-failed = 無法比較：
translate-compare-pending = 正在用兩種方法解碼{ -held-out }的句子…
translate-compare-result = 在 { $sentences } 句{ -held-out }句子上：{ -greedy } { -bleu } { $greedy }（完全一致 { $greedy_exact }%），束寬 { $size }（α = { $alpha }）{ -bleu } { $beam }（完全一致 { $beam_exact }%）。

# The words a model reads (views/translate/vocab.rs).
vocab-title = 這個模型認識的詞（{ $count } 個）
vocab-intro = 這是這次訓練的來源語言{ -vocabulary }，依出現次數由多到少排列：每個詞後面是它在訓練句對的來源句中出現的次數。不在這個{ -vocabulary }裡的詞，模型都不認識。
vocab-search = 在{ -vocabulary }中搜尋
vocab-shown = 符合的詞有 { $total } 個，列出 { $shown } 個
vocab-none = 沒有包含「{ $query }」的詞。
translate-nearest = 與「{ $word }」拼寫最接近的已知詞：{ $list }
translate-nearest-none = 沒有與「{ $word }」拼寫相近的已知詞。
