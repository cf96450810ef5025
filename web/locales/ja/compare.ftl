## compare: view 8, two runs side by side (app/compare_view.rs, teach/compare.rs).

compare-title = 8 · 2 つの学習の比較
compare-intro = 2 つのモデルを、2 つのワーカー（コアごとに 1 つ）で同時に学習させます。{ -seed }もデータの順序も同じで、今の設定のうちひとつだけが違います。比較の学習中は、メインの学習は一時停止します。下の式は、比べている設定の式です。
compare-axis = 比較する設定
compare-axis-norm = 正規化の位置（{ -post-norm } と { -pre-norm }）
compare-axis-smoothing = { -label-smoothing }（{ $a } と { $b }）
compare-axis-heads = { -head }数（設定値と 1。設定が 1 なら 2）
compare-axis-warmup = { -warmup }の{ -step }数（設定値とその { $divisor } 分の 1）
compare-axis-pe = { -positional-encoding }（ありとなし）
compare-axis-tie = 重み共有（なしとあり）
compare-start = ▶ 両方を開始
compare-pause = 両方を一時停止
compare-status = { $run }：{ -step } { $step }、{ $rate } { -token }/秒{ $latest }
compare-status-exact = 、{ -step } { $step } での{ -held-out }データの{ -exact-match } { $exact }%
compare-worker-stopped = この学習のワーカーが停止しました。「▶ 両方を開始」を押すと、もう一度比較できます。（不具合報告用の技術的な詳細：{ $why }）
compare-worker-silent = この学習のワーカーが応答しなくなりました（{ $seconds } 秒間、何も返ってきませんでした）。そのため、このワーカーを停止しました。「▶ 両方を開始」を押すと、もう一度比較できます。
compare-no-worker = 比較用のワーカーを起動できませんでした。
compare-chart-caption = A（青）と B（橙）の{ -loss }：線は学習データ、点は{ -held-out }データ
compare-chart-label = 学習 A と B の、学習データと{ -held-out }データの{ -loss }の{ -step }ごとの推移
compare-axis-step = { -step }
compare-axis-loss = { -loss }（{ -token }あたり）
compare-legend-train = { $run }：{ $what }、学習
compare-legend-held-out = { $run }：{ -held-out }
compare-attention-title = { $run }：{ -cross-attention }（{ -head }の平均）、{ $what }
compare-run-post = { -post-norm }（論文）
compare-run-pre = { -pre-norm }（{ -annotated-transformer }）
compare-run-smoothing = { -label-smoothing } ε = { $eps }
compare-run-heads = { -head } { $heads } 個、d_k = { $d_k }
compare-run-warmup = { -warmup } { $steps } { -step }
compare-run-pe-on = { -positional-encoding }あり（論文）
compare-run-pe-off = { -positional-encoding }なし：語順が失われる
compare-run-untied = 共有なし：{ -softmax } の前に独自の行列（既定）
compare-run-tied = 出力側の{ -embedding }と共有（§3.4）
compare-attention-waiting = 両方の学習を始めると、それぞれがどこに注意を向けるかが表示されます。

# ノルムの式の横に置く、エンコーダ層 1 つの図。
layer-title-post = このラボのモデルが計算する{ -encoder }の層 1 つ、{ -post-norm }（配置は論文のもの、§3.1）
layer-title-pre = このラボのモデルが計算する{ -encoder }の層 1 つ、{ -pre-norm }（配置は{ -annotated-transformer }のもの）
layer-input = 入力 x（第 1 層：{ -embedding } × √d_model + { -positional-encoding }、その後 { -dropout }）
layer-attention = { -multi-head }、{ -self-attention }（{ -attention-weights }に { -dropout }）
layer-ffn = { -ffn }：ReLU(x W₁ + b₁)、{ -dropout }、その後 · W₂ + b₂
layer-dropout = サブレイヤーの出力に { -dropout }
layer-add = + サブレイヤーへの入力（{ -residual }）
layer-step-norm = { -layer-norm }
layer-final-norm = 最後の層の後：もう 1 つの{ -layer-norm }
layer-dropout-legend = 破線：{ -dropout } が働く場所（学習中のみ、p = { $p }）。{ -decoder }の層も同じで、サブレイヤーが 1 つ（{ -cross-attention }）多くなります。
layer-origin-paper = 論文 §5.4（残差 { -dropout }）：各サブレイヤーの出力（サブレイヤーへの入力に足される前）に { -dropout }。さらに{ -embedding }と{ -positional-encoding }の和にも { -dropout }。
layer-origin-annotated = 論文にはないもの：{ -annotated-transformer }のやり方で、このラボのモデルもそれに従っています。
