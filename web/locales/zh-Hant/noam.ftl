## noam: view 6, the Noam learning-rate schedule (app/noam_view.rs).

noam-title = 6 · { -learning-rate }排程（Noam { -warmup }）
noam-what-if-note = 滑桿只是「假如」的推演：它們重畫曲線，不會改變正在訓練的模型。要用其他數值訓練，請修改「訓練」部分的設定並重新開始。
noam-knob-d-model = d_model
noam-knob-warmup = { -warmup }{ -step }數
noam-knob-factor = 係數
noam-back = 回到正在訓練的模型
noam-readout = 峰值在第 { $step } { -step }（= { -warmup }）：{ -learning-rate } = { $formula }。之後{ -step }數每變為 4 倍，{ -learning-rate }就減半。
noam-chart-label = { -learning-rate }隨{ -step }數的變化：推演的 Noam 排程、正在訓練的模型的排程及其目前{ -step }數
noam-axis-step = { -step }數
noam-axis-rate = { -learning-rate }
noam-legend-running-schedule = 正在訓練的模型的排程
noam-legend-running = 正在訓練的模型
noam-legend-what-if = 推演
noam-mark-peak = 峰值：第 { $step } { -step } = { -warmup }，{ -learning-rate } { $rate }
noam-mark-step = 正在訓練的模型：第 { $step } { -step }
noam-mark-rate = 第 { $step } { -step }的{ -learning-rate }：{ $rate }
