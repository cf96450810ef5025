## smoothing: view 7, label smoothing (app/smoothing_view.rs).

smoothing-title = 7 · { -label-smoothing }
smoothing-log = 対数目盛
smoothing-position = 目標の{ -token }
smoothing-spread = 正解の{ -token }は 1 − ε = { $correct }、残りの V − 2 = { $others } 個の{ -token }はそれぞれ ε / { $others } = { $share }、PAD は 0 を受け取ります。
smoothing-running-eps = 学習中のモデルは ε = { $eps } で学習しています。
smoothing-chart-label = 目標側の{ -vocabulary }全体の棒グラフ：例文の目標{ -token }ひとつについて、平滑化した目標分布 q とモデルの予測分布 p
smoothing-axis-vocabulary = 目標側の{ -vocabulary }（{ -token } ID 順）
smoothing-axis-probability = 確率
smoothing-legend-q = 目標 q（ε = { $eps }）
smoothing-legend-p = モデルの予測 p
smoothing-split = この位置の{ -loss }：−Σ q log p = { $loss } ナット = H(q) { $floor }（下限）+ KL(q ‖ p) { $kl }（学習でまだ減らせる分）。log は自然対数です。
smoothing-split-no-model = 下限 H(q) = { $floor } ナット。モデルの分布と{ -loss }の{ -kl }の部分は、モデルが例文を処理すると表示されます。
smoothing-why = 学習時の{ -loss }が 0 にならない理由：ε > 0 では目標 q そのものが広がっているので、q をぴったり予測するモデルでも、どの{ -token }でも{ -entropy } H(q) を払います。学習で消せるのは{ -kl }の部分だけです。{ -held-out }データの{ -loss }は、正解だけが 1 のワンホットの目標で測ります。
smoothing-rest = 他 { $count } 語
smoothing-axis-top = 正解、<pad>、確率の高い{ -token }の順、残りはまとめて
