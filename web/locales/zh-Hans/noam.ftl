## noam: view 6, the Noam learning-rate schedule (app/noam_view.rs).

noam-title = 6 · { -learning-rate }调度（Noam { -warmup }）
noam-what-if-note = 滑块只是“假如”的推演：它们重画曲线，不会改变正在训练的模型。要用其他数值训练，请修改“训练”部分的设置并重新开始。
noam-knob-d-model = d_model
noam-knob-warmup = { -warmup }{ -step }数
noam-knob-factor = 系数
noam-back = 回到正在训练的模型
noam-readout = 峰值在第 { $step } { -step }（= { -warmup }）：{ -learning-rate } = { $formula }。此后{ -step }数每变为 4 倍，{ -learning-rate }就减半。
noam-chart-label = { -learning-rate }随{ -step }数的变化：推演的 Noam 调度、正在训练的模型的调度及其当前{ -step }数
noam-axis-step = { -step }数
noam-axis-rate = { -learning-rate }
noam-legend-running-schedule = 正在训练的模型的调度
noam-legend-running = 正在训练的模型
noam-legend-what-if = 推演
noam-mark-peak = 峰值：第 { $step } { -step } = { -warmup }，{ -learning-rate } { $rate }
noam-mark-step = 正在训练的模型：第 { $step } { -step }
noam-mark-rate = 第 { $step } { -step }的{ -learning-rate }：{ $rate }
