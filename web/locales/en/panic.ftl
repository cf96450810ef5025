## panic: the banner a panic leaves on the page (app/panic.rs).

panic-title = Something went wrong on this page.
panic-reload = Reload
panic-reset = Reset saved run and reload
