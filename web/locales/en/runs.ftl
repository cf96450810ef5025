## runs
# Runs saved in this browser (the run bar), and checkpoint files.

runs-name-label = Run name
runs-name-placeholder = e.g. warm-up 400
runs-save-as = Save as
runs-save-as-tooltip = Keep a copy of this run in this browser under this name: the model, the optimizer's state, the step, the settings and the curves.
runs-list-label = Saved runs ({ $count })
runs-none = No saved run to list yet: runs saved under a name, and closed tabs' runs, appear here.
runs-item-details = { $task }, step { $step }, { $size } MB
runs-restore = Restore
runs-restore-label = Restore the run “{ $name }”
runs-delete = Delete
runs-delete-label = Delete the run “{ $name }”
runs-saved-autosave = Saved in this browser at step { $step }; a reload restores it.
runs-saved-named = Saved as “{ $name }” at step { $step }.
runs-error-quota = This browser's storage is full, so the run was not saved; the previous save is kept. Delete a saved run, or download a checkpoint to keep this one.
runs-error-quota-named = This browser's storage is full, so “{ $name }” was not saved; nothing else changed. Delete a saved run, or download a checkpoint instead.
runs-error-unavailable = This browser does not let the lab save here. Download a checkpoint to keep the run. (Technical detail, for a bug report: { $why })
runs-error-unavailable-embedded = This embedded view cannot save: the browser keeps storage from frames of other sites. It trains all the same; to keep runs, use the whole lab (“Open the whole lab”).
runs-error-not-found = No run named “{ $name }” is saved in this browser.
runs-error-unreadable-autosave = The run saved in this browser could not be read ({ $why }), so it was not loaded.
runs-error-unreadable-named = The saved run “{ $name }” could not be read ({ $why }). The current model keeps working.
runs-problem-damaged = the saved record is damaged
runs-error-bad-name = A run name needs 1 to { $max } characters.
runs-upload-too-large = The file has { $size } bytes; a checkpoint of this lab has at most { $max } bytes, so it was not read. The current model keeps working.
runs-upload-unreadable = The file “{ $file }” could not be read. The current model keeps working.
runs-tab-title = A closed tab's run
runs-start-this-tab = This tab's run is back, at step { $step }.
runs-start-latest-tab = A new tab starts from the run saved most recently in this browser: another tab's ({ $task }, step { $step }). From now on this tab keeps its own.
runs-start-latest-named = A new tab starts from the run saved most recently in this browser: “{ $name }” ({ $task }, step { $step }). From now on this tab keeps its own.
runs-start-pretrained = This tab starts from the pretrained model ({ $task }): it had no saved run to start from.
runs-tabs-note = Each tab keeps its own run, and a reload brings it back. Closed tabs' runs stay here (the newest { $count }); save a run under a name to keep it for good.
runs-error-not-found-tab = That tab's run is no longer saved in this browser.
