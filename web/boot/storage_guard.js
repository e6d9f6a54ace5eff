/* Start-up without storage: a classic script that runs before PyScript.
 *
 * Where a browser denies this page all storage - Chromium in a cross-site
 * <iframe> (the official site embedding the board), blocked site data,
 * some private modes - `indexedDB.open()` fails, and PyScript's Pyodide
 * start-up waits on IndexedDB for its package cache (polyscript's IDBMapSync
 * in the pyodide engine: `await new IDBMapSync(indexURL@version).sync()`,
 * run even with packages_cache = "never"), so the page would hang on
 * "Loading Python..." without an error. The same engine's "@pyscript.fs"
 * IDBMap opens a database as soon as core.js loads.
 *
 * When storage is denied (reading window.localStorage throws, or there is
 * no indexedDB), this installs a small in-memory stand-in for the part of
 * the IndexedDB API those two use (open with an upgrade, one object store,
 * count/get/getKey/getAllKeys/put/delete/clear). Nothing is kept: the page
 * loads no packages, so the cache was empty anyway. Where storage works
 * this script changes nothing.
 *
 * The page reads `document.documentElement.dataset.storage`: "memory" here,
 * else unset. The game's own autosave (web/services/storage.py) guards every
 * localStorage access separately and says on the page when it is off.
 */
(function () {
  "use strict";

  function storageDenied() {
    try {
      var ls = window.localStorage;
      if (!ls) return true;
      void ls.length;
    } catch (e) {
      return true;
    }
    try {
      return !window.indexedDB;
    } catch (e) {
      return true;
    }
  }

  if (!storageDenied()) return;

  var later = function (fn) { Promise.resolve().then(fn); };

  function Request(source) {
    this.result = undefined;
    this.error = null;
    this.source = source || null;
    this.transaction = null;
    this.readyState = "pending";
    this.onsuccess = null;
    this.onerror = null;
    this.onupgradeneeded = null;
    this.onblocked = null;
  }
  Request.prototype._fire = function (type) {
    this.readyState = "done";
    var handler = this["on" + type];
    var event = { type: type, target: this, currentTarget: this };
    if (typeof handler === "function") handler.call(this, event);
  };

  function Store(name, map) {
    this.name = name;
    this._map = map;
  }
  Store.prototype._op = function (fn) {
    var req = new Request(this);
    var self = this;
    later(function () {
      try {
        req.result = fn(self._map);
        req._fire("success");
      } catch (e) {
        req.error = e;
        req._fire("error");
      }
    });
    return req;
  };
  Store.prototype.count = function () { return this._op(function (m) { return m.size; }); };
  Store.prototype.get = function (key) { return this._op(function (m) { return m.get(key); }); };
  Store.prototype.getKey = function (key) {
    return this._op(function (m) { return m.has(key) ? key : undefined; });
  };
  Store.prototype.getAllKeys = function () {
    return this._op(function (m) { return Array.from(m.keys()).sort(); });
  };
  Store.prototype.getAll = function () {
    return this._op(function (m) { return Array.from(m.keys()).sort().map(function (k) { return m.get(k); }); });
  };
  Store.prototype.put = function (value, key) {
    return this._op(function (m) { m.set(key, value); return key; });
  };
  Store.prototype.add = Store.prototype.put;
  Store.prototype.delete = function (key) { return this._op(function (m) { m.delete(key); }); };
  Store.prototype.clear = function () { return this._op(function (m) { m.clear(); }); };

  function Transaction(db, mode) {
    this.db = db;
    this.mode = mode || "readonly";
    this.oncomplete = null;
    this.onerror = null;
    this.onabort = null;
    var self = this;
    // Completes after the requests made in the same turn have answered.
    later(function () {
      later(function () {
        if (typeof self.oncomplete === "function") {
          self.oncomplete({ type: "complete", target: self });
        }
      });
    });
  }
  Transaction.prototype.objectStore = function (name) {
    var map = this.db._stores.get(name);
    if (!map) throw new DOMException("no object store " + name, "NotFoundError");
    return new Store(name, map);
  };
  Transaction.prototype.commit = function () {};
  Transaction.prototype.abort = function () {};

  function Names(stores) { this._stores = stores; }
  Object.defineProperty(Names.prototype, "length", { get: function () { return this._stores.size; } });
  Names.prototype.contains = function (name) { return this._stores.has(name); };
  Names.prototype.item = function (i) { return Array.from(this._stores.keys())[i] || null; };

  function Database(name, stores) {
    this.name = name;
    this.version = 1;
    this._stores = stores;
    this.objectStoreNames = new Names(stores);
  }
  Database.prototype.createObjectStore = function (name) {
    if (!this._stores.has(name)) this._stores.set(name, new Map());
    return new Store(name, this._stores.get(name));
  };
  Database.prototype.deleteObjectStore = function (name) { this._stores.delete(name); };
  Database.prototype.transaction = function (names, mode) { return new Transaction(this, mode); };
  Database.prototype.close = function () {};

  var databases = new Map();
  var memoryIDB = {
    open: function (name) {
      var req = new Request(null);
      later(function () {
        var isNew = !databases.has(name);
        if (isNew) databases.set(name, new Map());
        var db = new Database(name, databases.get(name));
        req.result = db;
        if (isNew) {
          req.transaction = new Transaction(db, "versionchange");
          req._fire("upgradeneeded");
          req.transaction = null;
        }
        later(function () { req._fire("success"); });
      });
      return req;
    },
    deleteDatabase: function (name) {
      var req = new Request(null);
      later(function () { databases.delete(name); req._fire("success"); });
      return req;
    },
    databases: function () {
      return Promise.resolve(Array.from(databases.keys()).map(function (n) { return { name: n, version: 1 }; }));
    },
    cmp: function (a, b) { return a < b ? -1 : a > b ? 1 : 0; },
  };

  try {
    Object.defineProperty(window, "indexedDB", { value: memoryIDB, configurable: true, writable: true });
  } catch (e) {
    return; // cannot replace it: PyScript meets the browser's own answer
  }
  document.documentElement.setAttribute("data-storage", "memory");
})();
