## translate: view 9, type a sentence, decode it greedily and step through the decoding.

translate-title = 9 · 一步一步翻譯
translate-intro = 用這個任務的來源語言輸入一個句子。模型以{ -greedy }，每次輸出一個{ -token }（取 argmax），直到輸出 <eos> 為止。
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
translate-decode-title = { -greedy }，一步一步看
translate-previous = ◀ 上一步
translate-next = 下一步 ▶
translate-keep-cache = 使用 { -kv-cache }
translate-decode-waiting = 先在上方翻譯一個句子，就能一步一步檢視它的解碼過程。
translate-attention-waiting = 在上方翻譯一個句子，即可看到每個輸出{ -token }關注了原文的哪裡。
translate-decoder-input = { -decoder }的輸入：
translate-chooses = → 選出
translate-top-k = 下一個{ -token }的前 5 名（最後一個位置的 { -softmax }）
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
translate-formula-legend = t = { -step }數，d = d_model，S = 來源句{ -token }數，V = 目標詞數，L = { -layer }數。只計矩陣乘法。
translate-cross-row = 第 { $step } { -step }的{ -cross-attention }（列 = { -layer } · { -head }，欄 = 來源句的 { -key }）
translate-self-row = 第 { $step } { -step }的帶遮罩{ -self-attention }（欄 = 到目前為止{ -decoder }的輸入）
translate-weight = { -softmax } 權重
translate-layer-head = 第 { $layer } { -layer } · 第 { $head } 個{ -head }
translate-unknown-as-unk = 不在詞表中，按 <unk> 讀入（訓練中出現少於兩次的詞）：
translate-formula-first-step = （第 1 步另加一次 { $extra }）
