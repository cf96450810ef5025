## translate: view 9, type a sentence, decode it greedily and step through the decoding.

translate-title = 9 · 翻訳を 1 { -step }ずつ
translate-intro = タスクの入力側の言語で文を入力してください。モデルは{ -greedy }で、<eos> を出すまで 1 { -token }ずつ（argmax で）出力していきます。
translate-input-label = 翻訳する文
translate-button = 翻訳
translate-examples = { -held-out }の例文：
translate-empty = 上の欄に文を入力してください（いまは空です）。
translate-too-long = 長すぎます：{ $words } 語（最大 { $max } 語）。
translate-too-long-banner = この文は { $words } 語ありますが、このモデルが読めるのは最大 { $max } 語です。短くしてください。
translate-unknown-highlighted = 知らない単語を強調表示しています：
translate-unknown-banner = 知らない単語が { $count } 個あります：{ $list }。モデルが知っているのは、このタスクの{ -vocabulary }にある { $size } 語だけです。例文のどれかを試してください。
translate-longer-than-trained = このタスクの文は最長 { $longest } 語です。モデルはそれより長い文を見たことがないので、間違いが出ることを覚悟してください。
translate-output = 出力：
translate-whole-attention = デコード全体の{ -cross-attention }（行 = 各{ -step }の{ -query }、「入力 → 選ばれた{ -token }」のラベル付き。列 = 原文の{ -key }）

# The step-through of greedy decoding (app/decode_view.rs, teach/decode.rs).
translate-decode-title = { -greedy }を 1 { -step }ずつ
translate-previous = ◀ 前へ
translate-next = 次へ ▶
translate-keep-cache = { -kv-cache }を使う
translate-decode-waiting = 上で文を翻訳すると、そのデコードを 1 { -step }ずつたどれます。
translate-attention-waiting = 上で文を翻訳すると、出力の各{ -token }が原文のどこを見たかが表示されます。
translate-decoder-input = { -decoder }の入力：
translate-chooses = → 選ぶのは
translate-top-k = 次の{ -token }の上位 5 個（最後の位置の { -softmax }）
translate-kv-cache = { -kv-cache }
translate-cache-kept = この{ -step }のあと、各{ -layer }は { $count } 個の位置の K と V を保持しています：
translate-cache-note = 新たに計算したのは最新の位置だけです。{ -cross-attention }に使う原文の K と V は、{ -step } 1 で一度だけ計算しました。
translate-no-cache = キャッシュなし：毎{ -step }、すべての{ -layer }をすべての位置についてもう一度計算し、原文の K と V も改めて{ -projection }します。
translate-ops-cached = この{ -step }の積和演算の回数（{ -kv-cache }あり）：
translate-ops-recompute = この{ -step }の積和演算の回数（キャッシュなし、先頭から全部もう一度）：
translate-ops-check-cached = （モデルが数えた回数。式の値は { $formula }）。キャッシュなしなら：{ $other }。
translate-ops-check-recompute = （モデルが数えた回数。式の値は { $formula }）。キャッシュありなら：{ $other }。
translate-formula-without = キャッシュなし：
translate-formula-with = キャッシュあり：
translate-formula-legend = t = { -step }、d = d_model、S = 原文の{ -token }数、V = 出力側の単語数、L = { -layer }数。行列積のみを数えています。
translate-cross-row = { -step } { $step } の{ -cross-attention }（行 = { -layer } · { -head }、列 = 原文の{ -key }）
translate-self-row = { -step } { $step } のマスク付き{ -self-attention }（列 = ここまでの{ -decoder }の入力）
translate-weight = { -softmax } の重み
translate-layer-head = 第 { $layer } { -layer } · { -head } { $head }
translate-unknown-as-unk = 語彙にないので <unk> として読みます（学習で 2 回未満しか現れなかった語）：
translate-formula-first-step = （ステップ 1 で一度だけ { $extra } を加える）
