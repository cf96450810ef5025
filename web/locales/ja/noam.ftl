## noam: view 6, the Noam learning-rate schedule (app/noam_view.rs).

noam-title = 6 · { -learning-rate }のスケジュール（Noam の{ -warmup }）
noam-what-if-note = スライダーは「もしも」の試算です。曲線を描き直すだけで、学習中のモデルは変わりません。別の値で学習するには、「学習」の設定を変えてやり直してください。
noam-knob-d-model = d_model
noam-knob-warmup = { -warmup }の{ -step }数
noam-knob-factor = 係数
noam-back = 学習中のモデルに戻す
noam-readout = ピークは{ -step } { $step }（= { -warmup }）：{ -learning-rate } = { $formula }。その後は、{ -step }数が 4 倍になるごとに{ -learning-rate }が半分になります。
noam-chart-label = { -learning-rate }と{ -step }の関係：試算の Noam スケジュール、学習中のモデルのスケジュール、その現在の{ -step }
noam-axis-step = { -step }
noam-axis-rate = { -learning-rate }
noam-legend-running-schedule = 学習中のモデルのスケジュール
noam-legend-running = 学習中のモデル
noam-legend-what-if = 試算
noam-mark-peak = ピーク：{ -step } { $step } = { -warmup }、{ $rate }
noam-mark-step = 学習中のモデル：{ -step } { $step }
noam-mark-rate = { -step } { $step }：{ $rate }
