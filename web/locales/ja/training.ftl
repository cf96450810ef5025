## training: view 5, settings and the live training curves (app/training_view.rs).

training-title = 5 · 学習
training-intro = ▶ 学習はワーカーの中で動くので、ページは固まりません。リセットすると、この設定で最初から学習し直します。同じ{ -seed }なら同じ学習になります。
training-field-seed = { -seed }
training-field-d-model = d_model
training-field-heads = { -head }数
training-field-layers = { -layer }数
training-field-d-ff = d_ff
training-field-dropout = { -dropout }
training-field-warmup = { -warmup }の{ -step }数
training-field-lr-factor = { -learning-rate }の係数
training-field-smoothing = { -label-smoothing }
training-field-batch = { -batch }サイズ
training-field-norm = 正規化の位置
training-norm-post = { -post-norm }（論文）
training-norm-post-option = { -post-norm }（論文）
training-norm-pre = { -pre-norm }（{ -annotated-transformer }）
training-field-pe = { -positional-encoding }（§3.5）
training-pe-hint = オフにすると、注意は集合の上で働きます。文とその語順を入れ替えた文は、{ -encoder }に同じ行を並べ替えただけのものを与え、{ -cross-attention }はそれらの和を取ります。そのため{ -decoder }は正しい単語は見つけられても、その順序はわかりません。コピーと逆順は失敗します。
training-field-tie = 重み共有（§3.4）
training-tie-hint = オンにすると、{ -softmax } の前の{ -projection }は出力側の{ -embedding }行列の転置になり、バイアスはありません。論文は 2 つの{ -embedding }とこの{ -projection }で 1 つの行列を共有しますが、それには 2 言語で 1 つの{ -vocabulary }が必要です。ラボのタスクは言語ごとに{ -vocabulary }を持つので、共有できるのは出力側だけです。これまでの学習と比べられるよう、既定はオフです。比較で 2 つを並べてください。
training-not-a-number = { $field } には数値を入力してください（入力：{ $got }）。
training-valid = 有効です：d_k = d_model / h = { $d_k }。
training-invalid = 無効なため実行できません：{ $problems }
training-apply = この設定で最初から学習
training-model-parts = 各{ -layer }が{ -attention }のほかに計算すること
training-model = 現在のモデル：{ $task }、{ $origin }、d_model { $d_model }、{ -head } { $heads } 個、{ -layer } { $layers } 個、{ $norm }。
training-steps = { -step }数：
training-tokens-per-s = { -token }/秒：
training-engine-slower = { $engine ->
    [firefox] このブラウザでは、Chrome や Edge より学習が遅くなることがあります。測定したコンピュータでは、Firefox でラボの既定のモデルを学習させると、1 秒あたりの{ -step }数は Chrome と Edge のエンジンである Chromium の約 { $times } 倍でした。
   *[webkit] このブラウザでは、コンピュータ上の Chrome や Edge より学習が遅くなることがあります。このブラウザは Safari のエンジンである WebKit で動いています。測定したコンピュータでは、WebKit でラボの既定のモデルを学習させると、1 秒あたりの{ -step }数は Chrome と Edge のエンジンである Chromium の約 { $times } 倍でした。iPhone や iPad では、Chrome や Edge も含め、どのブラウザも WebKit で動きます。
}学習するモデルは同じで、違うのは 1 秒あたりの{ -step }数だけです。
training-log-scale = 対数目盛（{ -loss }と{ -learning-rate }）
training-eval-none = { -held-out }データでの評価：まだ実行していません。
training-eval = { -step } { $step } での{ -held-out }データの評価：{ -loss } { $loss }、{ -token }正解率 { $accuracy }%、{ -exact-match } { $exact }%、{ -bleu } { $bleu }（{ $sentences } 文）。
training-eval-best-head = { $summary } 正解の対応に最も近い{ -cross-attention }の{ -head }：{ -layer } { $layer } の{ -head } { $head }（正解の対応との一致 { $agreement }%）。
training-floor = 学習時の{ -loss }には{ -label-smoothing }（ε = { $eps }）がかかっているため、{ -token }あたり { $floor } ナットより下がりません。これは平滑化した目標分布の{ -entropy }で、ε を残りの { $others } 語に分けています。{ -held-out }データの{ -loss }は平滑化なしの{ -cross-entropy }なので 0 に近づけます。
training-loss-caption = { -loss }：学習データと{ -held-out }データ
training-loss-label = 学習データと{ -held-out }データの{ -loss }の{ -step }ごとの推移
training-accuracy-caption = { -token }正解率と{ -exact-match }
training-accuracy-label = 正解率の{ -step }ごとの推移
training-rate-caption = { -learning-rate }（Noam：{ -warmup }のあと 1/√{ -step }）
training-rate-label = { -learning-rate }の{ -step }ごとの推移
training-axis-step = { -step }
training-axis-loss = { -loss }（{ -token }あたり）
training-axis-fraction = 割合
training-axis-rate = { -learning-rate }
training-legend-train = 学習
training-legend-train-smoothed = 学習（{ -label-smoothing } ε = { $eps }）
training-legend-held-out = { -held-out }
training-legend-train-accuracy = 学習の{ -token }正解率
training-legend-held-out-accuracy = { -held-out }の{ -token }正解率
training-legend-held-out-exact = { -held-out }の{ -exact-match }
training-legend-planned = Noam スケジュール（計画）
training-legend-rate-used = 実際の{ -learning-rate }
training-estimate = パラメータは約 { $params } 個です。1 学習{ -step }にワーカー内で約 { $memory } のメモリが必要で、{ $where }では約 { $seconds } 秒かかります。
training-estimate-measured = このブラウザ（学習中に計測）
training-estimate-typical = 一般的なノートパソコン（このブラウザの速さは学習を始めると計測されます）
training-estimate-slow = 学習は遅く、一時停止は実行中の{ -step }が終わってから効きます。{ -batch }、d_model、d_ff を小さくするか層を減らすと速くなります。
training-estimate-too-large = このモデルはここでは学習できません：パラメータ { $params } 個で、1 { -step }にワーカー内で約 { $memory } が必要ですが、ブラウザのワーカーに割り当てられるのは最大 { $max } です。{ -batch }、d_model、d_ff を小さくするか層を減らせば収まります。
