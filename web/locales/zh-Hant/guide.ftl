## Self-study guide

guide-title = 自學指南：教學中的概念，以及在哪裡看到它們
guide-intro = 每一列是一篇論文教學中的一節（保留原文標題），並連結到展示它的檢視。
guide-tutorial = 教學
guide-section = 章節
guide-views = 在這裡看
