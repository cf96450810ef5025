## noam: view 6, the Noam learning-rate schedule (app/noam_view.rs).

noam-title = 6 · Learning rate schedule (Noam { -warmup })
noam-what-if-note = The sliders are a what-if: they redraw the curve and do not change the running model. To train with other values, use the settings of the Training view and start again.
noam-knob-d-model = d_model
noam-knob-warmup = { -warmup } steps
noam-knob-factor = factor
noam-back = Back to the running model
noam-readout = Peak at { -step } { $step } (= { -warmup }): lr = { $formula }. After it the rate halves every time the { -step } count quadruples.
noam-chart-label = Learning rate against { -step }: the what-if Noam schedule, the running model's schedule and its current { -step }
noam-axis-step = { -step }
noam-axis-rate = { -learning-rate }
noam-legend-running-schedule = schedule of the running model
noam-legend-running = running model
noam-legend-what-if = what-if
noam-mark-peak = peak: { -step } { $step } = { -warmup }, lr { $rate }
noam-mark-step = running model: { -step } { $step }
noam-mark-rate = its rate at { -step } { $step }: { $rate }
