## translate: view 9, type a sentence, decode it greedily and step through the decoding.

translate-title = 9 · 翻訳を 1 { -step }ずつ
translate-intro = タスクの入力側の言語で文を入力してください。モデルは <eos> を出すまで 1 { -token }ずつ出力していきます。選び方は{ -greedy }（argmax）、{ -beam-search }、{ -sampling }の 3 通りです。
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
translate-decode-title = デコードを 1 { -step }ずつ
translate-previous = ◀ 前へ
translate-next = 次へ ▶
translate-keep-cache = { -kv-cache }を使う
translate-decode-waiting = 上で文を翻訳すると、そのデコードを 1 { -step }ずつたどれます。
translate-attention-waiting = 上で文を翻訳すると、出力の各{ -token }が原文のどこを見たかが表示されます。
translate-decoder-input = { -decoder }の入力：
translate-chooses = → 選ぶのは
translate-top-k = 次の{ -token }の上位 { $k } 個（最後の位置の { -softmax }）
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
translate-formula-legend = ここでは t = { -step } = { $t }、d = d_model = { $d }、d_ff = { $dff }、S = 原文の{ -token }数（<eos> を含む）= { $src }、V = 出力側の{ -vocabulary }の大きさ = { $vocab }、L = { -decoder }の{ -layer }数 = { $layers }。行列積のみを数えています。
translate-cross-row = { -step } { $step } の{ -cross-attention }（行 = { -layer } · { -head }、列 = 原文の{ -key }）
translate-self-row = { -step } { $step } の{ -mask }付き{ -self-attention }（列 = ここまでの{ -decoder }の入力）
translate-weight = { -softmax } の重み
translate-layer-head = 第 { $layer } { -layer } · { -head } { $head }
translate-unknown-as-unk = { -vocabulary }にないので <unk> として読みます（学習で 2 回未満しか現れなかった語）：
translate-formula-first-step = （{ -step } 1 で一度だけ { $extra } を加える）

# Decoding three ways (views/decode/strategy.rs, beam.rs).
translate-strategy = { -token }の選び方
translate-strategy-greedy = { -greedy }（argmax）
translate-strategy-beam = { -beam-search }
translate-strategy-sample = { -sampling }
translate-beam-size = ビーム幅
translate-beam-alpha = { -length-penalty } α
translate-sample-temperature = { -temperature } T
translate-sample-topk = { -top-k }（0 = すべて）
translate-sample-topp = { -top-p }
translate-sample-seed = { -seed }
translate-strategy-greedy-hint = 各{ -step }でいちばん確率の高い{ -token }を取ります。速いのですが、一度選んだものは見直しません。ビーム幅 1 の{ -beam-search }と同じです。
translate-strategy-beam-hint = 論文は{ -beam-search }（ビーム幅 { $size }、α = { $alpha }）でデコードしています（§6.1、Wu ら 2016 による）。複数の{ -hypotheses }を同時に持つので、最初は 2 番手に見えた選択があとで勝つこともあります。
translate-strategy-sample-hint = 各{ -token }をモデルの分布から無作為に引きます。分布は softmax(z / T) を、確率の高い { -top-k } 個に、さらに確率の合計が { -top-p } に達する最少の個数に絞ったものです。同じ{ -seed }なら同じ翻訳になり、T → 0 で{ -greedy }になります。
translate-error-beam-size = ビーム幅は 1 から { $max } までの整数にしてください。
translate-error-alpha = { -length-penalty } α は 0 から { $max } までにしてください。
translate-error-temperature = { -temperature }は { $min } から { $max } までにしてください。
translate-error-top-k = { -top-k } は 0（すべて）から { $max } までの整数にしてください。
translate-error-top-p = { -top-p } は 0 より大きく 1 以下にしてください。
translate-top-k-beam = 最良の{ -hypothesis }のこの{ -step }での、モデルの上位 { $k } 個（最後の位置の { -softmax }）
translate-chooses-beam = → 最良の{ -hypothesis }の続き
translate-top-k-sampled = { -sampling }分布 softmax(z / { $temperature }) の上位 { $k } 個（{ -top-k } と { -top-p } の後）：引く候補は { $kept } 個
translate-chooses-sampled = → 引いたのは
translate-beam-title = { -beam-search }、{ -step } { $step }：{ $rows } 個の{ -hypotheses }を延長（ビーム幅 { $size }、α = { $alpha }）
translate-beam-how = 各行について、いちばん良い延長を並べています。そのすべての中から log P の大きいものが空き枠を埋めます（長さが同じなので、log P の順はスコアの順と同じです）。<eos> で終わったものは完了としてビームを離れます。完了したものどうしは長さが違うので、勝つのは log P ではなくスコアが最良のものです。
translate-beam-conventions = この探索の約束事。<eos> で終わった{ -hypothesis }はビームを離れ、ビームは完了した数だけ行を減らして続きます。すべての枠が完了したもので埋まると探索は終わります。論文のコードである tensor2tensor はこれと異なり、各{ -step }で { $size } 個の{ -hypotheses }を生かしたまま、どれも完了したものに勝てなくなるまで続けます。長さ：生成する{ -token }は <eos> を含めて最大 { $max } 個です（<bos> を足すとこのラボの上限の { $limit } 個）。<eos> なしでそこに達したものも完了として扱います。論文の上限は入力の長さ + { $extra } です（§6.1）。lp(Y) の |Y| は生成した{ -token }の数で、<eos> を含み、<bos> は含みません。
translate-beam-row = 行 { $row }：
translate-beam-score = スコア = { $score }
translate-beam-kept = 残す
translate-beam-finished = 完了
translate-beam-pruned = 捨てる
translate-beam-cache = { -kv-cache }の並べ替え：生き残った各行は親の行のキャッシュを写します（新 ← 旧：{ $moves }）。
translate-beam-cache-none = 続く行はありません。探索はここで終わります。
translate-beam-ops = この{ -step }の積和演算の回数（ビーム全体）：{ $ops }
translate-beam-finished-so-far = ここまでに完了したもの（スコア）：
translate-beam-over = 探索はこの{ -step }より前に終わりました。
translate-beam-best-done = 最良の{ -hypothesis }は{ -step } { $step } で完了しました。探索は残りの枠のために続いたので、下の経路は最後の{ -step }のままです。
translate-compare-button = { -held-out }の{ -bleu }：{ -greedy }とこのビームの比較
translate-compare-failed = 比較できませんでした：
translate-compare-pending = { -held-out }の文を 2 通りにデコードしています…
translate-compare-result = { -held-out }の { $sentences } 文で：{ -greedy }の{ -bleu } { $greedy }（{ -exact-match } { $greedy_exact }%）、ビーム幅 { $size }（α = { $alpha }）の{ -bleu } { $beam }（{ -exact-match } { $beam_exact }%）。

# The words a model reads (views/translate/vocab.rs).
vocab-title = このモデルが読める単語（{ $count } 語）
vocab-intro = この学習の入力側の{ -vocabulary }です。出現回数の多い順に並べ、各単語が学習用ペアの原文に現れる回数を添えています。この{ -vocabulary }にない単語は、モデルにとって未知です。
vocab-search = 単語を検索
vocab-shown = { $total } 語のうち { $shown } 語を表示
vocab-none = 「{ $query }」を含む単語はありません。
translate-nearest = 「{ $word }」に綴りの近い既知の単語：{ $list }
translate-nearest-none = 「{ $word }」に綴りの近い既知の単語はありません。
