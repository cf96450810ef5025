## pe: view 1, sinusoidal positional encoding (lab_math::sinusoid_table).

pe-title = 1 · { -positional-encoding }
pe-intro = 正弦（sin）と余弦（cos）が交互に並んでいます。偶数番目の次元には sin、奇数番目の次元には同じ周波数の cos が入ります。低い次元ほど速く、高い次元ほどゆっくり回ります。底が { $base } なら、数千までのどの位置でも同じ並びは繰り返されません。底を { $worked_base }（チュートリアルの計算例）にすると、どの次元も速く回るようになります。
pe-length = 長さ
pe-base = 底
pe-base-paper = { $base }（論文）
pe-base-worked = { $worked_base }（計算例）
pe-problem-d-model = d_model は 2 から { $max } までの偶数で指定してください（入力：{ $got }）。図は最後の有効な値のままです。
pe-problem-length = 長さは 2 から { $max } までの整数で指定してください（入力：{ $got }）。図は最後の有効な値のままです。
pe-table-heading = { -positional-encoding }の表：行 = 位置（上が 0）、列 = 次元（左が 0）
pe-table-label = { -positional-encoding }の表（位置 × 次元）
pe-value = { -positional-encoding }の値
pe-hover-hint = セルにポインタを重ねるかタップすると、その位置・次元・値・式が表示されます。
pe-hover = 位置 { $pos }、次元 { $dim }（i = { $i }、{ $fn }）：値 = { $formula }
pe-lines-heading = 選んだ次元の値の、位置による変化
pe-dims = 次元
pe-lines-label = 選んだ次元の{ -positional-encoding }の値を位置に対して描いた折れ線グラフ
pe-position = 位置
pe-series = 次元 { $dim }（{ $fn }）
pe-sim-heading = { -positional-encoding }どうしの内積（行 = 位置 p、列 = 位置 q）
pe-sim-label = { -positional-encoding }どうしの内積
pe-sim-legend = 位置 p と q の{ -positional-encoding }の内積
pe-sim-hover = 位置 { $p } と { $q } の内積 = { $value }（距離 |p − q| = { $distance }）
pe-sim-hint = 帯状の模様は、内積が p そのものではなく、距離 p − q だけで決まることを示しています。

# How a token enters layer 1 (views/layer_input.rs).
pe-input-heading = 単語から{ -encoder }の第 1 層の入力へ：× √d_model、+ PE
pe-input-waiting = モデルが読み込まれると、ここにモデルの数値が出ます。
pe-input-intro = モデルは入力側の各{ -token }について{ -embedding }行列の行を引き、√d_model = { $sqrt_d }（d_model = { $d }、§3.4）を掛け、その位置の{ -positional-encoding }を足します（§3.5）。その和が{ -encoder }の第 1 層の読む入力です。観察用の例文についての、モデル自身の数値です。
pe-input-token = { -token }
pe-input-row-head = （位置 { $pos }）・次元
pe-input-rms = 全 { $d } 次元の RMS
pe-input-embedding = { -embedding }の行 e
pe-input-scaled = e × √d_model
pe-input-pe = + PE(pos)
pe-input-sum = = { -encoder }の第 1 層の入力
pe-input-why = なぜ × √d_model なのか：論文は理由を述べていません。§3.4 には「{ -embedding }層では、その重みに √d_model を掛ける」とあるだけで、どのチュートリアルもこの係数に触れていません。ひとつの読み方（このラボの解釈）：掛けなければ{ -token }のベクトルは、成分が [−1, 1] にある PE に比べて小さく、単語が位置に埋もれかねない、というものです。ここでは{ -embedding }の行の RMS が { $rms_e }、× √d_model 後が { $rms_scaled }、PE が { $rms_pe } です。
pe-input-pe-off = この実行では{ -positional-encoding }がオフです。PE は 0 で、層は √d_model 倍した{ -embedding }だけを読みます。
pe-input-decoder-heading = { -decoder }の入力も同じように：× √d_model、+ PE
pe-input-decoder-intro = { -decoder }が読むのは、右に一つずらした出力です。<bos> に続いて訳文の{ -token } y1 … ym が並び、最後の <eos> は入りません（図 1 の「出力（右に一つずらしたもの）」）。モデルは各{ -token }について{ -decoder }自身の{ -embedding }行列（出力の{ -embedding }）の行を引き、√d_model = { $sqrt_d }（d_model = { $d }、§3.4）を掛け、その位置の{ -positional-encoding }を足します（§3.5）。論文（§3.4）は 2 つの{ -embedding }層で 1 つの行列を共有しますが、ラボは常に入力側と出力側で別々の行列を持ちます（翻訳タスクは言語ごとに{ -vocabulary }を持つため）。この行列は{ -encoder }のものとは別です。その和が{ -decoder }の第 1 層の読む入力です。観察用の例文についての、モデル自身の数値です。
pe-input-decoder-sum = = { -decoder }の第 1 層の入力
