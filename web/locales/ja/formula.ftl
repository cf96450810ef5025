## formula: the caption under each of the paper's formulas (app/formula.rs).

formula-attention = { -scaling }された内積{ -attention }（§3.2.1）：各{ -query }の{ -key }への重みの和は 1 で、出力は{ -value }の重み付き和です。
formula-softmax-beta = { -inverse-temperature } β：β = 1 が論文の { -softmax }、β = 0 では重みが均等に広がり、β → ∞ は{ -hard-attention }（重みがすべて argmax に集まる）です。
formula-multi-head = { -multi-head }（§3.2.2）：h 個の{ -head }がそれぞれ幅 d_k の{ -projection }の中で注意を計算し、その出力を連結して d_model に戻します。このラボの{ -projection }にはどれもバイアスが加わります（x · W + b、図 3「1 つの{ -head }の中をのぞく」のとおり）。論文の式ではバイアスを省いています。
formula-positional = 正弦波による{ -positional-encoding }（§3.5）：次元 2i には sin、次元 2i + 1 には同じ周波数の cos が入ります。ラボが学習させるモデルはどれも論文どおり底 { $base } です。{ -positional-encoding }の図では底 { $worked_base } も描け、そのときは式にもそれが出ます。
formula-ffn = 位置ごとの{ -ffn }（§3.3）：ReLU をはさんだ同じ 2 つの線形層を、各位置に別々に適用します。
formula-post-norm = { -post-norm }（論文、§3.1）：サブ層の出力を入力に足してから、その和を正規化します。
formula-pre-norm = { -pre-norm }（{ -annotated-transformer }）：サブ層の入力を正規化し、{ -residual }は単純な和のままにします。
formula-noam = Noam スケジュール（§5.3）：{ -learning-rate }は warmup_steps { -step }の間は直線的に増え、その後 1/√{ -step } で減ります。2 つの式はピーク（{ -step } = warmup_steps）で一致します。論文の式 (3) には factor がなく、factor = 1 にあたります。factor は{ -annotated-transformer }のもので、{ -learning-rate }のスケジュールの図のつまみで変えられます。
formula-smoothed-target = { -label-smoothing }（論文 §5.4 は ε = 0.1 のみ。この分け方は { -annotated-transformer } のもの）：正解の{ -token } y は 1 − ε を保ち、残りの V − 2 個の{ -token }が ε を均等に分け合い、目標にならない PAD は 0 です。
formula-cross-entropy = 目標{ -token }あたりの{ -cross-entropy }（自然対数、単位はナット）：目標自身の{ -entropy } H(q) と、学習で減らせる{ -kl } KL(q ‖ p) の和です。
