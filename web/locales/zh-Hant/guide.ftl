## Self-study guide

guide-title = 自學指南：教學中的概念，以及在哪裡看到它們
guide-intro = 教學對照表全文：每篇論文教學按節列出（保留原文標題），說明在實驗室裡該做什麼，並連結到展示它的檢視；也列出實驗室裡沒有的內容及原因、各教學的約定與實驗室的不同之處，以及教學中的算例和在這裡重現的方法。
guide-conventions-here = 各教學是怎麼寫的
guide-loading = 正在載入教學對照表…
guide-unavailable = 無法載入教學對照表：
