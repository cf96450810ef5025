## The page's frame: title, intro, toolbar, run bar, banners, shared names.

common-title = Attention Lab
common-language = Language
common-language-unavailable = { $language } could not be loaded, so the page is shown in this language. Once the network is back, choose it again in the language menu. (Technical detail, for a bug report: { $why })
common-intro = A real encoder–decoder { -transformer } (Vaswani et al., 2017) trains here, in your browser, in a Web Worker. Every picture below is drawn from the model's own numbers.
common-conventions = Conventions.
common-conventions-maps = Attention maps: rows = queries, columns = keys; each row sums to 1.
common-conventions-tokens = Tokens: <bos> starts the decoder input, <eos> ends every sentence, <pad> fills short sentences in a batch and is always masked.
common-conventions-mask = Masks: true = hidden (grey, hatched): the score becomes −∞ before softmax, so the weight is exactly 0.

common-task = task
common-task-copy = Copy
common-task-reverse = Reverse
common-task-en-ja = English → Japanese
common-task-real-en-ja = English → Japanese, real sentences
common-task-real-en-zh = English → Chinese, real sentences
common-task-custom = Your own sentence pairs
common-train = ▶ Train
common-pause = ❚❚ Pause
common-step-button = Step
common-reset = ⟲ Reset
common-reset-scratch = {" "}(from scratch)
common-reset-tooltip = Throw the weights away and start from scratch with the settings below
common-menu = More
common-menu-tooltip = Go to the rest of the controls, under the model's figure: the task, the language, presentation and sharing, checkpoints, saved runs and your own sentence pairs
common-step = step
common-step-count = step { $step }
common-loss = loss
common-tokens-per-s = { $rate } tokens/s
common-cores = on { $cores ->
        [one] 1 core
       *[other] { $cores } cores
    }
common-cores-tooltip = Each { -step }'s { -batch } is cut in two: this page's training worker computes one half and a helper worker the other, on the machine's second core. Their gradients are added, so the run is the same as on one core, only faster. While you click, type or scroll, the training worker computes both halves alone for a moment and leaves the second core to the page, so that the page answers at once.
common-restart-worker = Restart worker
common-dismiss = dismiss
common-model-origin = Model: { $task } · { $origin }
common-no-model = No model yet
common-origin-pretrained = pretrained checkpoint
common-origin-scratch = from scratch
common-origin-restored = restored from this browser
common-origin-uploaded = uploaded checkpoint
common-download = ⤓ Download checkpoint
common-upload = ⤒ Upload checkpoint
common-forget = Forget saved run
common-forgotten = This tab's saved run was forgotten; its next reload starts from the pretrained model, unless it trains again first.
common-starting = Starting the training worker…
common-settings-refused = These settings cannot be trained, so nothing was started: { $problems }
common-diverged-press-reset = This run diverged (its loss became NaN or infinite). Press Reset to start again.

common-kind-encoder-self = Encoder self-attention
common-kind-decoder-self = Masked decoder self-attention
common-kind-cross = Cross-attention (decoder → encoder)

common-copy-link = Copy link
common-copy-link-tooltip = A link that opens this page as it is now: language, task, settings and seed, view, head and sentence
common-qr = QR code
common-qr-tooltip = A QR code of the link to this page as it is now, large, for a class to scan
common-qr-label = QR code of the link to this page as it is now
common-qr-too-long = This link is too long for a QR code: use Copy link.
common-qr-close = Close
common-copy-embed = Embed code
common-copy-embed-tooltip = An <iframe> for a slide or a course page that shows the view in sight alone, as it is now; it trains there too
common-offline-available = Available offline: the lab
common-offline-using-copy = Offline, using the saved copy: the lab
common-offline-not-yet = Not yet available offline
common-offline-refused = Not available offline here: that needs an https:// or localhost address, in a browser that allows it
common-offline-tooltip = After one visit the lab opens with no network: the page, the self-study guide, and every task you have opened, with its trained model and its sentences
common-embed-copied = Embed code copied: paste it into a slide or a course page. hide=settings,controls,questions in its link leaves those parts out.
common-open-whole = Open the whole lab ↗
common-link-copied = Link copied. Opening it restores this view; a run from scratch with the same seed trains identically.
common-link-problems = Some values of the link could not be used and were left out: { $values }
common-worker-restarted = The training worker stopped. A new worker is starting and will restore the last saved run. (Technical detail, for a bug report: { $message })
common-worker-crashed-restored = The training worker stopped, so a new worker was started and the run restored from its last save, at { -step } { $step }. (Technical detail, for a bug report: { $message })
common-worker-unstartable = The training worker could not be started. Reload the page to try again.
common-worker-silent = The training worker stopped answering: nothing came from it for { $seconds } s. A new worker is starting and will restore the last saved run.
common-worker-silent-restored = The training worker stopped answering for { $seconds } s, so a new worker was started and the run restored from its last save, at { -step } { $step }.
common-worker-replaced-unsaved = The training worker stopped, so a new worker was started. It could not restore a saved run, so it loaded { $origin ->
    [pretrained] the pretrained model
   *[scratch] a new model from scratch
}, at { -step } { $step }.
common-worker-silent-again = The training worker stopped answering again. It was restarted { $restarts } times within { $minutes } minutes, so it is not restarted by itself any more: press “Restart worker” to try once more (the last saved run is kept).
common-building = Building a model of { $params } parameters; a training step will need about { $memory } and take about { $seconds } s.
common-step-running = Step { $step } running: { $elapsed } s of about { $total } s
common-step-running-unknown = Step { $step } running: { $elapsed } s
common-data-source = Sentences:
common-data-about = About the data
common-downloading-sentences = Downloading the sentences of { $task }: { $size }
common-downloading-model = Downloading the trained model of { $task }: { $size }
common-download-of = { $loaded } of { $total }
common-data-split = How text becomes tokens: English is lower-cased and split at spaces, with . , ? ! as tokens of their own; Japanese comes split into dictionary words by its corpus; Chinese is read a character at a time, each character a token (everyday text needs far fewer distinct characters than words, so fewer tokens are <unk>); each punctuation mark is a token. A word or character seen fewer than twice in the training sentences is <unk>.
