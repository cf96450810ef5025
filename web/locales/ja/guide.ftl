## Self-study guide

guide-title = 独習ガイド：チュートリアルの概念と、それを見られる図
guide-intro = 各行は論文のチュートリアルの 1 節（原文のまま）で、それを示す図へのリンクが付いています。
guide-tutorial = チュートリアル
guide-section = 節
guide-views = 見られる図
