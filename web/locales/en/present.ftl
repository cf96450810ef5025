## Presentation mode and keyboard shortcuts

present-toggle = ▣ Present
present-toggle-tooltip = Presentation mode: one panel at a time, large type (P; ? lists the keys)
present-fullscreen = Fullscreen
present-fullscreen-tooltip = Fullscreen (F)
present-nav = Panels
present-previous = Previous panel
present-next = Next panel
present-counter = { $index } / { $count } · { $title }
present-hint = ← → panels · Space train/pause · F fullscreen · ? keys
present-shortcuts = Keyboard shortcuts
present-key-panels = previous / next panel (in the head view: one stage of the computation at a time)
present-key-figure = back to the model's figure (the first panel)
present-key-answers = show or hide the answers to the panel's questions
present-key-play = train or pause
present-key-step = one training step
present-key-reset = reset: train from scratch
present-key-fullscreen = fullscreen on / off
present-key-present = presentation mode on / off
present-key-leave = leave presentation mode
present-key-help = show these shortcuts
present-close = Close
