// The buttons of the panic banner (web/src/shell/panic.rs). Plain JavaScript in
// a file of its own: after a panic the wasm may be unusable, and the
// Content-Security-Policy forbids inline handlers. The banner's markup names
// everything this file touches (data-* attributes written from the Rust
// constants), so no name is defined twice.
document.addEventListener('click', (event) => {
  const button = event.target.closest && event.target.closest('[data-panic-action]');
  if (!button) return;
  const reload = () => location.reload();
  if (button.dataset.panicAction === 'forget') {
    forgetAutosave(button.dataset).then(reload, reload);
  } else {
    reload();
  }
});

// Deletes the run a reload of this tab would restore: the old localStorage
// copy and this tab's IndexedDB records. Named runs and other tabs' are kept.
function forgetAutosave(d) {
  try { localStorage.removeItem(d.localKey); } catch (_) { /* storage refused */ }
  return new Promise((resolve) => {
    let open;
    try { open = indexedDB.open(d.database, Number(d.version)); } catch (_) { return resolve(); }
    // No database yet: create nothing (the worker creates it with its stores).
    open.onupgradeneeded = () => open.transaction.abort();
    open.onerror = () => resolve();
    open.onblocked = () => resolve();
    open.onsuccess = () => {
      const db = open.result;
      const stores = d.stores.split(',').filter((s) => db.objectStoreNames.contains(s));
      if (stores.length === 0) { db.close(); return resolve(); }
      const tx = db.transaction(stores, 'readwrite');
      for (const s of stores) tx.objectStore(s).delete(d.key);
      tx.oncomplete = tx.onerror = tx.onabort = () => { db.close(); resolve(); };
    };
  });
}
