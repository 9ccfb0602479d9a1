import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 313:
/***/ ((module) => {

module.exports = Pend;

function Pend() {
  this.pending = 0;
  this.max = Infinity;
  this.listeners = [];
  this.waiting = [];
  this.error = null;
}

Pend.prototype.go = function(fn) {
  if (this.pending < this.max) {
    pendGo(this, fn);
  } else {
    this.waiting.push(fn);
  }
};

Pend.prototype.wait = function(cb) {
  if (this.pending === 0) {
    cb(this.error);
  } else {
    this.listeners.push(cb);
  }
};

Pend.prototype.hold = function() {
  return pendHold(this);
};

function pendHold(self) {
  self.pending += 1;
  var called = false;
  return onCb;
  function onCb(err) {
    if (called) throw new Error("callback called twice");
    called = true;
    self.error = self.error || err;
    self.pending -= 1;
    if (self.waiting.length > 0 && self.pending < self.max) {
      pendGo(self, self.waiting.shift());
    } else if (self.pending === 0) {
      var listeners = self.listeners;
      self.listeners = [];
      listeners.forEach(cbListener);
    }
  }
  function cbListener(listener) {
    listener(self.error);
  }
}

function pendGo(self, fn) {
  fn(pendHold(self));
}


/***/ }),

/***/ 248:
/***/ ((module) => {

// Adapted from https://github.com/brianloveswords/buffer-crc32/blob/v0.2.13/index.js
const CRC_TABLE = new Int32Array([
  0x00000000, 0x77073096, 0xee0e612c, 0x990951ba, 0x076dc419, 0x706af48f, 0xe963a535, 0x9e6495a3,
  0x0edb8832, 0x79dcb8a4, 0xe0d5e91e, 0x97d2d988, 0x09b64c2b, 0x7eb17cbd, 0xe7b82d07, 0x90bf1d91,
  0x1db71064, 0x6ab020f2, 0xf3b97148, 0x84be41de, 0x1adad47d, 0x6ddde4eb, 0xf4d4b551, 0x83d385c7,
  0x136c9856, 0x646ba8c0, 0xfd62f97a, 0x8a65c9ec, 0x14015c4f, 0x63066cd9, 0xfa0f3d63, 0x8d080df5,
  0x3b6e20c8, 0x4c69105e, 0xd56041e4, 0xa2677172, 0x3c03e4d1, 0x4b04d447, 0xd20d85fd, 0xa50ab56b,
  0x35b5a8fa, 0x42b2986c, 0xdbbbc9d6, 0xacbcf940, 0x32d86ce3, 0x45df5c75, 0xdcd60dcf, 0xabd13d59,
  0x26d930ac, 0x51de003a, 0xc8d75180, 0xbfd06116, 0x21b4f4b5, 0x56b3c423, 0xcfba9599, 0xb8bda50f,
  0x2802b89e, 0x5f058808, 0xc60cd9b2, 0xb10be924, 0x2f6f7c87, 0x58684c11, 0xc1611dab, 0xb6662d3d,
  0x76dc4190, 0x01db7106, 0x98d220bc, 0xefd5102a, 0x71b18589, 0x06b6b51f, 0x9fbfe4a5, 0xe8b8d433,
  0x7807c9a2, 0x0f00f934, 0x9609a88e, 0xe10e9818, 0x7f6a0dbb, 0x086d3d2d, 0x91646c97, 0xe6635c01,
  0x6b6b51f4, 0x1c6c6162, 0x856530d8, 0xf262004e, 0x6c0695ed, 0x1b01a57b, 0x8208f4c1, 0xf50fc457,
  0x65b0d9c6, 0x12b7e950, 0x8bbeb8ea, 0xfcb9887c, 0x62dd1ddf, 0x15da2d49, 0x8cd37cf3, 0xfbd44c65,
  0x4db26158, 0x3ab551ce, 0xa3bc0074, 0xd4bb30e2, 0x4adfa541, 0x3dd895d7, 0xa4d1c46d, 0xd3d6f4fb,
  0x4369e96a, 0x346ed9fc, 0xad678846, 0xda60b8d0, 0x44042d73, 0x33031de5, 0xaa0a4c5f, 0xdd0d7cc9,
  0x5005713c, 0x270241aa, 0xbe0b1010, 0xc90c2086, 0x5768b525, 0x206f85b3, 0xb966d409, 0xce61e49f,
  0x5edef90e, 0x29d9c998, 0xb0d09822, 0xc7d7a8b4, 0x59b33d17, 0x2eb40d81, 0xb7bd5c3b, 0xc0ba6cad,
  0xedb88320, 0x9abfb3b6, 0x03b6e20c, 0x74b1d29a, 0xead54739, 0x9dd277af, 0x04db2615, 0x73dc1683,
  0xe3630b12, 0x94643b84, 0x0d6d6a3e, 0x7a6a5aa8, 0xe40ecf0b, 0x9309ff9d, 0x0a00ae27, 0x7d079eb1,
  0xf00f9344, 0x8708a3d2, 0x1e01f268, 0x6906c2fe, 0xf762575d, 0x806567cb, 0x196c3671, 0x6e6b06e7,
  0xfed41b76, 0x89d32be0, 0x10da7a5a, 0x67dd4acc, 0xf9b9df6f, 0x8ebeeff9, 0x17b7be43, 0x60b08ed5,
  0xd6d6a3e8, 0xa1d1937e, 0x38d8c2c4, 0x4fdff252, 0xd1bb67f1, 0xa6bc5767, 0x3fb506dd, 0x48b2364b,
  0xd80d2bda, 0xaf0a1b4c, 0x36034af6, 0x41047a60, 0xdf60efc3, 0xa867df55, 0x316e8eef, 0x4669be79,
  0xcb61b38c, 0xbc66831a, 0x256fd2a0, 0x5268e236, 0xcc0c7795, 0xbb0b4703, 0x220216b9, 0x5505262f,
  0xc5ba3bbe, 0xb2bd0b28, 0x2bb45a92, 0x5cb36a04, 0xc2d7ffa7, 0xb5d0cf31, 0x2cd99e8b, 0x5bdeae1d,
  0x9b64c2b0, 0xec63f226, 0x756aa39c, 0x026d930a, 0x9c0906a9, 0xeb0e363f, 0x72076785, 0x05005713,
  0x95bf4a82, 0xe2b87a14, 0x7bb12bae, 0x0cb61b38, 0x92d28e9b, 0xe5d5be0d, 0x7cdcefb7, 0x0bdbdf21,
  0x86d3d2d4, 0xf1d4e242, 0x68ddb3f8, 0x1fda836e, 0x81be16cd, 0xf6b9265b, 0x6fb077e1, 0x18b74777,
  0x88085ae6, 0xff0f6a70, 0x66063bca, 0x11010b5c, 0x8f659eff, 0xf862ae69, 0x616bffd3, 0x166ccf45,
  0xa00ae278, 0xd70dd2ee, 0x4e048354, 0x3903b3c2, 0xa7672661, 0xd06016f7, 0x4969474d, 0x3e6e77db,
  0xaed16a4a, 0xd9d65adc, 0x40df0b66, 0x37d83bf0, 0xa9bcae53, 0xdebb9ec5, 0x47b2cf7f, 0x30b5ffe9,
  0xbdbdf21c, 0xcabac28a, 0x53b39330, 0x24b4a3a6, 0xbad03605, 0xcdd70693, 0x54de5729, 0x23d967bf,
  0xb3667a2e, 0xc4614ab8, 0x5d681b02, 0x2a6f2b94, 0xb40bbe37, 0xc30c8ea1, 0x5a05df1b, 0x2d02ef8d,
]);

function crc32(buf) {
  let crc = -1;
  for (let x of buf) {
    crc = CRC_TABLE[(crc ^ x) & 0xff] ^ (crc >>> 8);
  }
  return (crc ^ -1) >>> 0;
}

module.exports = crc32;


/***/ }),

/***/ 502:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

// This was adapted from https://github.com/andrewrk/node-fd-slicer by Andrew Kelley under the MIT License.
var fs = __nccwpck_require__(896);
var util = __nccwpck_require__(23);
var stream = __nccwpck_require__(203);
var Readable = stream.Readable;
var PassThrough = stream.PassThrough;
var Pend = __nccwpck_require__(313);
var EventEmitter = (__nccwpck_require__(434).EventEmitter);

exports.BufferSlicer = BufferSlicer;
exports.FdSlicer = FdSlicer;

util.inherits(FdSlicer, EventEmitter);
function FdSlicer(fd) {
  EventEmitter.call(this);

  this.fd = fd;
  this.pend = new Pend();
  this.pend.max = 1;
  this.refCount = 0;
}

FdSlicer.prototype.read = function(buffer, offset, length, position, callback) {
  var self = this;
  self.pend.go(function(cb) {
    fs.read(self.fd, buffer, offset, length, position, function(err, bytesRead, buffer) {
      cb();
      callback(err, bytesRead, buffer);
    });
  });
};

FdSlicer.prototype.createReadStream = function(options) {
  return new ReadStream(this, options);
};

FdSlicer.prototype.ref = function() {
  this.refCount += 1;
};

FdSlicer.prototype.unref = function() {
  var self = this;
  self.refCount -= 1;
  if (self.refCount < 0) throw new Error("invalid unref");
  if (self.refCount > 0) return;

  fs.close(self.fd, onCloseDone);

  function onCloseDone(err) {
    if (err) {
      self.emit('error', err);
    } else {
      self.emit('close');
    }
  }
};

util.inherits(ReadStream, Readable);
function ReadStream(context, options) {
  options = options || {};
  Readable.call(this, options);

  this.context = context;
  this.context.ref();

  this.start = options.start || 0;
  this.endOffset = options.end;
  this.pos = this.start;
}

ReadStream.prototype._read = function(n) {
  var self = this;

  var toRead = Math.min(self._readableState.highWaterMark, n);
  if (self.endOffset != null) {
    toRead = Math.min(toRead, self.endOffset - self.pos);
  }
  if (toRead <= 0) {
    self.push(null);
    this._cleanup();
    return;
  }
  self.context.pend.go(function(cb) {
    var buffer = Buffer.allocUnsafe(toRead);
    fs.read(self.context.fd, buffer, 0, toRead, self.pos, function(err, bytesRead) {
      if (err) {
        self.destroy(err);
      } else if (bytesRead === 0) {
        self.push(null);
        self._cleanup();
      } else {
        self.pos += bytesRead;
        self.push(buffer.slice(0, bytesRead));
      }
      cb();
    });
  });
};

ReadStream.prototype._destroy = function(err, cb) {
  // Node 14+ calls this automatically at EOF.
  this._cleanup();
  cb(err);
};

ReadStream.prototype._cleanup = function() {
  if (this.context != null) {
    this.context.unref();
    this.context = null;
  }
};

util.inherits(BufferSlicer, EventEmitter);
function BufferSlicer(buffer) {
  EventEmitter.call(this);

  this.refCount = 0;
  this.buffer = buffer;
}

BufferSlicer.prototype.read = function(buffer, offset, length, position, callback) {
  if (!(0 <= offset && offset <= buffer.length)) throw new RangeError("offset outside buffer: 0 <= " + offset + " <= " + buffer.length);
  if (position < 0) throw new RangeError("position is negative: " + position);
  if (offset + length > buffer.length) {
    // The caller's buffer can't hold all the bytes they're trying to read.
    // Clamp the length instead of giving an error.
    // The callback will be informed of fewer than expected bytes written.
    length = buffer.length - offset;
  }
  if (position + length > this.buffer.length) {
    // Clamp any attempt to read past the end of the source buffer.
    length = this.buffer.length - position;
  }
  if (length <= 0) {
    // After any clamping, we're fully out of bounds or otherwise have nothing to do.
    // This isn't an error; it's just zero bytes written.
    setImmediate(function() {
      callback(null, 0);
    });
    return;
  }
  this.buffer.copy(buffer, offset, position, position + length);
  setImmediate(function() {
    callback(null, length);
  });
};

BufferSlicer.prototype.createReadStream = function(options) {
  options = options || {};
  var readStream = new PassThrough(options);
  readStream.start = options.start || 0;
  readStream.endOffset = options.end;
  // by the time this function returns, we'll be done.
  readStream.pos = readStream.endOffset || this.buffer.length;

  var entireSlice = this.buffer.slice(readStream.start, readStream.pos);
  // Cut the buffer into smaller slices for better memory usage when streaming into a zlib inflate stream.
  // See https://github.com/thejoshwolfe/yauzl/issues/87
  var maxChunkSize = 0x10000;
  var offset = 0;
  while (true) {
    var nextOffset = offset + maxChunkSize;
    if (nextOffset >= entireSlice.length) {
      // last chunk
      if (offset < entireSlice.length) {
        readStream.write(entireSlice.slice(offset, entireSlice.length));
      }
      break;
    }
    readStream.write(entireSlice.slice(offset, nextOffset));
    offset = nextOffset;
  }

  readStream.end();
  return readStream;
};

BufferSlicer.prototype.ref = function() {
  this.refCount += 1;
};

BufferSlicer.prototype.unref = function() {
  this.refCount -= 1;

  if (this.refCount < 0) {
    throw new Error("invalid unref");
  }
};


/***/ }),

/***/ 663:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

var fs = __nccwpck_require__(896);
var zlib = __nccwpck_require__(106);
var fd_slicer = __nccwpck_require__(502);
var util = __nccwpck_require__(23);
var EventEmitter = (__nccwpck_require__(434).EventEmitter);
var Transform = (__nccwpck_require__(203).Transform);
var PassThrough = (__nccwpck_require__(203).PassThrough);
var Writable = (__nccwpck_require__(203).Writable);

// Node 20 added zlib.crc32.
const crc32 = typeof zlib.crc32 === "function" ? zlib.crc32 : __nccwpck_require__(248);

exports.open = open;
exports.fromFd = fromFd;
exports.fromBuffer = fromBuffer;
exports.fromRandomAccessReader = fromRandomAccessReader;
exports.openPromise = openPromise;
exports.fromFdPromise = fromFdPromise;
exports.fromBufferPromise = fromBufferPromise;
exports.fromRandomAccessReaderPromise = fromRandomAccessReaderPromise;

exports.dosDateTimeToDate = dosDateTimeToDate;
exports.getFileNameLowLevel = getFileNameLowLevel;
exports.validateFileName = validateFileName;
exports.parseExtraFields = parseExtraFields;
exports.ZipFile = ZipFile;
exports.Entry = Entry;
exports.LocalFileHeader = LocalFileHeader;
exports.RandomAccessReader = RandomAccessReader;

function openPromise(path, options) {
  return new Promise((resolve, reject) => {
    open(path, {...options, lazyEntries: true}, function(err, zipfile) {
      if (err) return reject(err);
      resolve(zipfile);
    });
  });
}
function fromFdPromise(fd, options) {
  return new Promise((resolve, reject) => {
    fromFd(fd, {...options, lazyEntries: true}, function(err, zipfile) {
      if (err) return reject(err);
      resolve(zipfile);
    });
  });
}
function fromBufferPromise(buffer, options) {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, {...options, lazyEntries: true}, function(err, zipfile) {
      if (err) return reject(err);
      resolve(zipfile);
    });
  });
}
function fromRandomAccessReaderPromise(reader, totalSize, options) {
  return new Promise((resolve, reject) => {
    fromRandomAccessReader(reader, totalSize, {...options, lazyEntries: true}, function(err, zipfile) {
      if (err) return reject(err);
      resolve(zipfile);
    });
  });
}

function open(path, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = null;
  }
  if (options == null) options = {};
  if (options.autoClose == null) options.autoClose = true;
  if (options.lazyEntries == null) options.lazyEntries = false;
  if (options.decodeStrings == null) options.decodeStrings = true;
  if (options.validateEntrySizes == null) options.validateEntrySizes = true;
  if (options.strictFileNames == null) options.strictFileNames = false;
  if (callback == null) callback = defaultCallback;
  fs.open(path, "r", function(err, fd) {
    if (err) return callback(err);
    fromFd(fd, options, function(err, zipfile) {
      if (err) fs.close(fd, defaultCallback);
      callback(err, zipfile);
    });
  });
}

function fromFd(fd, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = null;
  }
  if (options == null) options = {};
  if (options.autoClose == null) options.autoClose = false;
  if (options.lazyEntries == null) options.lazyEntries = false;
  if (options.decodeStrings == null) options.decodeStrings = true;
  if (options.validateEntrySizes == null) options.validateEntrySizes = true;
  if (options.strictFileNames == null) options.strictFileNames = false;
  if (callback == null) callback = defaultCallback;
  fs.fstat(fd, function(err, stats) {
    if (err) return callback(err);
    var reader = new fd_slicer.FdSlicer(fd);
    fromRandomAccessReader(reader, stats.size, options, callback);
  });
}

function fromBuffer(buffer, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = null;
  }
  if (options == null) options = {};
  options.autoClose = false;
  if (options.lazyEntries == null) options.lazyEntries = false;
  if (options.decodeStrings == null) options.decodeStrings = true;
  if (options.validateEntrySizes == null) options.validateEntrySizes = true;
  if (options.strictFileNames == null) options.strictFileNames = false;
  var reader = new fd_slicer.BufferSlicer(buffer);
  fromRandomAccessReader(reader, buffer.length, options, callback);
}

function fromRandomAccessReader(reader, totalSize, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = null;
  }
  if (options == null) options = {};
  if (options.autoClose == null) options.autoClose = true;
  if (options.lazyEntries == null) options.lazyEntries = false;
  if (options.decodeStrings == null) options.decodeStrings = true;
  var decodeStrings = !!options.decodeStrings;
  if (options.validateEntrySizes == null) options.validateEntrySizes = true;
  if (options.strictFileNames == null) options.strictFileNames = false;
  if (callback == null) callback = defaultCallback;
  if (typeof totalSize !== "number") throw new Error("expected totalSize parameter to be a number");
  if (totalSize > Number.MAX_SAFE_INTEGER) {
    throw new Error("zip file too large. only file sizes up to 2^52 are supported due to JavaScript's Number type being an IEEE 754 double.");
  }

  // the matching unref() call is in zipfile.close()
  reader.ref();

  // eocdr means End of Central Directory Record.
  // search backwards for the eocdr signature.
  // the last field of the eocdr is a variable-length comment.
  // the comment size is encoded in a 2-byte field in the eocdr, which we can't find without trudging backwards through the comment to find it.
  // as a consequence of this design decision, it's possible to have ambiguous zip file metadata if a coherent eocdr was in the comment.
  // we search backwards for a eocdr signature, and hope that whoever made the zip file was smart enough to forbid the eocdr signature in the comment.
  var eocdrWithoutCommentSize = 22;
  var zip64EocdlSize = 20; // Zip64 end of central directory locator
  var maxCommentSize = 0xffff; // 2-byte size
  var bufferSize = Math.min(zip64EocdlSize + eocdrWithoutCommentSize + maxCommentSize, totalSize);
  var buffer = newBuffer(bufferSize);
  var bufferReadStart = totalSize - buffer.length;
  readAndAssertNoEof(reader, buffer, 0, bufferSize, bufferReadStart, function(err) {
    if (err) return callback(err);
    for (var i = bufferSize - eocdrWithoutCommentSize; i >= 0; i -= 1) {
      if (buffer.readUInt32LE(i) !== 0x06054b50) continue;
      // found eocdr
      var eocdrBuffer = buffer.subarray(i);

      // 0 - End of central directory signature = 0x06054b50
      // 4 - Number of this disk
      var diskNumber = eocdrBuffer.readUInt16LE(4);
      // 6 - Disk where central directory starts
      // 8 - Number of central directory records on this disk
      // 10 - Total number of central directory records
      var entryCount = eocdrBuffer.readUInt16LE(10);
      // 12 - Size of central directory (bytes)
      // 16 - Offset of start of central directory, relative to start of archive
      var centralDirectoryOffset = eocdrBuffer.readUInt32LE(16);
      // 20 - Comment length
      var commentLength = eocdrBuffer.readUInt16LE(20);
      var expectedCommentLength = eocdrBuffer.length - eocdrWithoutCommentSize;
      if (commentLength !== expectedCommentLength) {
        return callback(new Error("Invalid comment length. Expected: " + expectedCommentLength + ". Found: " + commentLength + ". Are there extra bytes at the end of the file? Or is the end of central dir signature `PK☺☻` in the comment?"));
      }
      // 22 - Comment
      // the encoding is always cp437.
      var comment = decodeStrings ? decodeBuffer(eocdrBuffer.subarray(22), false)
                                  : eocdrBuffer.subarray(22);

      // Look for a Zip64 end of central directory locator
      if (i - zip64EocdlSize >= 0 && buffer.readUInt32LE(i - zip64EocdlSize) === 0x07064b50) {
        // ZIP64 format
        var zip64EocdlBuffer = buffer.subarray(i - zip64EocdlSize, i - zip64EocdlSize + zip64EocdlSize);
        // 0 - zip64 end of central dir locator signature = 0x07064b50
        // 4 - number of the disk with the start of the zip64 end of central directory
        // 8 - relative offset of the zip64 end of central directory record
        var zip64EocdrOffset = readUInt64LE(zip64EocdlBuffer, 8);
        // 16 - total number of disks

        // ZIP64 end of central directory record
        var zip64EocdrBuffer = newBuffer(56);
        return readAndAssertNoEof(reader, zip64EocdrBuffer, 0, zip64EocdrBuffer.length, zip64EocdrOffset, function(err) {
          if (err) return callback(err);

          // 0 - zip64 end of central dir signature                           4 bytes  (0x06064b50)
          if (zip64EocdrBuffer.readUInt32LE(0) !== 0x06064b50) {
            return callback(new Error("invalid zip64 end of central directory record signature"));
          }
          // 4 - size of zip64 end of central directory record                8 bytes
          // 12 - version made by                                             2 bytes
          // 14 - version needed to extract                                   2 bytes
          // 16 - number of this disk                                         4 bytes
          diskNumber = zip64EocdrBuffer.readUInt32LE(16);
          if (diskNumber !== 0) {
            // Check this only after zip64 overrides. See #118.
            return callback(new Error("multi-disk zip files are not supported: found disk number: " + diskNumber));
          }
          // 20 - number of the disk with the start of the central directory  4 bytes
          // 24 - total number of entries in the central directory on this disk         8 bytes
          // 32 - total number of entries in the central directory            8 bytes
          entryCount = readUInt64LE(zip64EocdrBuffer, 32);
          // 40 - size of the central directory                               8 bytes
          // 48 - offset of start of central directory with respect to the starting disk number     8 bytes
          centralDirectoryOffset = readUInt64LE(zip64EocdrBuffer, 48);
          // 56 - zip64 extensible data sector                                (variable size)
          return callback(null, new ZipFile(reader, centralDirectoryOffset, totalSize, entryCount, comment, options.autoClose, options.lazyEntries, decodeStrings, options.validateEntrySizes, options.strictFileNames));
        });
      }

      // Not ZIP64 format
      if (diskNumber !== 0) {
        return callback(new Error("multi-disk zip files are not supported: found disk number: " + diskNumber));
      }
      return callback(null, new ZipFile(reader, centralDirectoryOffset, totalSize, entryCount, comment, options.autoClose, options.lazyEntries, decodeStrings, options.validateEntrySizes, options.strictFileNames));

    }

    // Not a zip file.
    callback(new Error("End of central directory record signature not found. Either not a zip file, or file is truncated."));
  });
}

util.inherits(ZipFile, EventEmitter);
function ZipFile(reader, centralDirectoryOffset, fileSize, entryCount, comment, autoClose, lazyEntries, decodeStrings, validateEntrySizes, strictFileNames) {
  var self = this;
  EventEmitter.call(self);
  self.reader = reader;
  // forward close events
  self.reader.on("error", function(err) {
    // error closing the fd
    emitError(self, err);
  });
  self.reader.once("close", function() {
    self.emit("close");
  });
  self.readEntryCursor = centralDirectoryOffset;
  self.fileSize = fileSize;
  self.entryCount = entryCount;
  self.comment = comment;
  self.entriesRead = 0;
  self.autoClose = !!autoClose;
  self.lazyEntries = !!lazyEntries;
  self.decodeStrings = !!decodeStrings;
  self.validateEntrySizes = !!validateEntrySizes;
  self.strictFileNames = !!strictFileNames;
  self.isOpen = true;
  self.emittedError = false;
  self.hasEachEntryBeenCalled = false;

  if (!self.lazyEntries) self._readEntry();
}
ZipFile.prototype.close = function() {
  if (!this.isOpen) return;
  this.isOpen = false;
  this.reader.unref();
};

function emitErrorAndAutoClose(self, err) {
  if (self.autoClose) self.close();
  emitError(self, err);
}
function emitError(self, err) {
  if (self.emittedError) return;
  self.emittedError = true;
  self.emit("error", err);
}

ZipFile.prototype.readEntry = function() {
  if (!this.lazyEntries) throw new Error("readEntry() called without lazyEntries:true");
  this._readEntry();
};
ZipFile.prototype._readEntry = function() {
  var self = this;
  if (self.entryCount === self.entriesRead) {
    // done with metadata
    setImmediate(function() {
      if (self.autoClose) self.close();
      if (self.emittedError) return;
      self.emit("end");
    });
    return;
  }
  if (self.emittedError) return;
  var buffer = newBuffer(46);
  readAndAssertNoEof(self.reader, buffer, 0, buffer.length, self.readEntryCursor, function(err) {
    if (err) return emitErrorAndAutoClose(self, err);
    if (self.emittedError) return;
    var entry = new Entry();
    // 0 - Central directory file header signature
    var signature = buffer.readUInt32LE(0);
    if (signature !== 0x02014b50) return emitErrorAndAutoClose(self, new Error("invalid central directory file header signature: 0x" + signature.toString(16)));
    // 4 - Version made by
    entry.versionMadeBy = buffer.readUInt16LE(4);
    // 6 - Version needed to extract (minimum)
    entry.versionNeededToExtract = buffer.readUInt16LE(6);
    // 8 - General purpose bit flag
    entry.generalPurposeBitFlag = buffer.readUInt16LE(8);
    // 10 - Compression method
    entry.compressionMethod = buffer.readUInt16LE(10);
    // 12 - File last modification time
    entry.lastModFileTime = buffer.readUInt16LE(12);
    // 14 - File last modification date
    entry.lastModFileDate = buffer.readUInt16LE(14);
    // 16 - CRC-32
    entry.crc32 = buffer.readUInt32LE(16);
    // 20 - Compressed size
    entry.compressedSize = buffer.readUInt32LE(20);
    // 24 - Uncompressed size
    entry.uncompressedSize = buffer.readUInt32LE(24);
    // 28 - File name length (n)
    entry.fileNameLength = buffer.readUInt16LE(28);
    // 30 - Extra field length (m)
    entry.extraFieldLength = buffer.readUInt16LE(30);
    // 32 - File comment length (k)
    entry.fileCommentLength = buffer.readUInt16LE(32);
    // 34 - Disk number where file starts
    // 36 - Internal file attributes
    entry.internalFileAttributes = buffer.readUInt16LE(36);
    // 38 - External file attributes
    entry.externalFileAttributes = buffer.readUInt32LE(38);
    // 42 - Relative offset of local file header
    entry.relativeOffsetOfLocalHeader = buffer.readUInt32LE(42);

    if (entry.generalPurposeBitFlag & 0x40) return emitErrorAndAutoClose(self, new Error("strong encryption is not supported"));

    self.readEntryCursor += 46;

    buffer = newBuffer(entry.fileNameLength + entry.extraFieldLength + entry.fileCommentLength);
    readAndAssertNoEof(self.reader, buffer, 0, buffer.length, self.readEntryCursor, function(err) {
      if (err) return emitErrorAndAutoClose(self, err);
      if (self.emittedError) return;
      // 46 - File name
      entry.fileNameRaw = buffer.subarray(0, entry.fileNameLength);
      // 46+n - Extra field
      var fileCommentStart = entry.fileNameLength + entry.extraFieldLength;
      entry.extraFieldRaw = buffer.subarray(entry.fileNameLength, fileCommentStart);
      // 46+n+m - File comment
      entry.fileCommentRaw = buffer.subarray(fileCommentStart, fileCommentStart + entry.fileCommentLength);

      // Parse the extra fields, which we need for processing other fields.
      try {
        entry.extraFields = parseExtraFields(entry.extraFieldRaw);
      } catch (err) {
        return emitErrorAndAutoClose(self, err);
      }

      // Interpret strings according to bit flags, extra fields, and options.
      if (self.decodeStrings) {
        var isUtf8 = (entry.generalPurposeBitFlag & 0x800) !== 0;
        entry.fileComment = decodeBuffer(entry.fileCommentRaw, isUtf8);
        entry.fileName = getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, self.strictFileNames);
        var errorMessage = validateFileName(entry.fileName);
        if (errorMessage != null) return emitErrorAndAutoClose(self, new Error(errorMessage));
      } else {
        entry.fileComment = entry.fileCommentRaw;
        entry.fileName = entry.fileNameRaw;
      }
      // Maintain API compatibility. See https://github.com/thejoshwolfe/yauzl/issues/47
      entry.comment = entry.fileComment;

      self.readEntryCursor += buffer.length;
      self.entriesRead += 1;

      // Check for the Zip64 Extended Information Extra Field.
      for (var i = 0; i < entry.extraFields.length; i++) {
        var extraField = entry.extraFields[i];
        if (extraField.id !== 0x0001) continue;
        // Found it.

        var zip64EiefBuffer = extraField.data;
        var index = 0;
        // 0 - Original Size          8 bytes
        if (entry.uncompressedSize === 0xffffffff) {
          if (index + 8 > zip64EiefBuffer.length) {
            return emitErrorAndAutoClose(self, new Error("zip64 extended information extra field does not include uncompressed size"));
          }
          entry.uncompressedSize = readUInt64LE(zip64EiefBuffer, index);
          index += 8;
        }
        // 8 - Compressed Size        8 bytes
        if (entry.compressedSize === 0xffffffff) {
          if (index + 8 > zip64EiefBuffer.length) {
            return emitErrorAndAutoClose(self, new Error("zip64 extended information extra field does not include compressed size"));
          }
          entry.compressedSize = readUInt64LE(zip64EiefBuffer, index);
          index += 8;
        }
        // 16 - Relative Header Offset 8 bytes
        if (entry.relativeOffsetOfLocalHeader === 0xffffffff) {
          if (index + 8 > zip64EiefBuffer.length) {
            return emitErrorAndAutoClose(self, new Error("zip64 extended information extra field does not include relative header offset"));
          }
          entry.relativeOffsetOfLocalHeader = readUInt64LE(zip64EiefBuffer, index);
          index += 8;
        }
        // 24 - Disk Start Number      4 bytes

        break;
      }

      // validate file size
      if (self.validateEntrySizes && entry.compressionMethod === 0) {
        var expectedCompressedSize = entry.uncompressedSize;
        if (entry.isEncrypted()) {
          // traditional encryption prefixes the file data with a header
          expectedCompressedSize += 12;
        }
        if (entry.compressedSize !== expectedCompressedSize) {
          var msg = "compressed/uncompressed size mismatch for stored file: " + entry.compressedSize + " != " + entry.uncompressedSize;
          return emitErrorAndAutoClose(self, new Error(msg));
        }
      }

      self.emit("entry", entry);

      if (!self.lazyEntries) self._readEntry();
    });
  });
};

ZipFile.prototype.eachEntry = function() {
  const self = this;
  if (!self.lazyEntries) throw new Error("eachEntry() requires lazyEntries: true");
  if (self.hasEachEntryBeenCalled) throw new Error("eachEntry() must only be called once per ZipFile");
  self.hasEachEntryBeenCalled = true;

  let pendingResolveReject = null;
  self.on("entry", onEntry);
  self.on("end", onEnd);
  self.on("error", onError);
  function cleanup() {
    self.removeListener("entry", onEntry);
    self.removeListener("end", onEnd);
    self.removeListener("error", onError);
    if (self.autoClose) self.close();
  }

  function onEntry(entry) {
    let {resolve} = pendingResolveReject;
    pendingResolveReject = null;
    resolve({value: entry});
  }
  function onEnd() {
    let {resolve} = pendingResolveReject;
    pendingResolveReject = null;
    cleanup();
    resolve({done: true});
  }
  function onError(err) {
    let {reject} = pendingResolveReject;
    pendingResolveReject = null;
    cleanup();
    reject(err);
  }

  return {
    [Symbol.asyncIterator]() {
      // Called once by `for await...of`.
      return this;
    },
    next() {
      // Called on each iteration in a `for await...of`.
      const promise = new Promise((resolve, reject) => {
        if (pendingResolveReject != null) throw new Error("next() called before previous Promise was resolved.");
        pendingResolveReject = {resolve, reject};
      });
      self.readEntry();
      return promise;
    },
    return(value) {
      // Called when breaking, returning, throwing out of a `for await...of`.
      cleanup();
      return Promise.resolve({done: true, value});
    },
    throw(value) {
      // Almost never called. Something about `yield*` maybe?
      cleanup();
      return Promise.reject(value);
    },
  };
};

ZipFile.prototype.openReadStream = function(entry, options, callback) {
  var self = this;
  // parameter validation
  var relativeStart = 0;
  var relativeEnd = entry.compressedSize;
  if (callback == null) {
    callback = options;
    options = null;
  }
  if (options == null) {
    options = {};
  } else {
    if (options.decodeFileData === false) {
      // new, simple option
      if (options.decrypt != null) {
        throw new Error("cannot use options.decrypt when options.decodeFileData === false");
      }
      if (options.decompress != null) {
        throw new Error("cannot use options.decompress when options.decodeFileData === false");
      }
      // start and end are allowed
    } else {
      // old, complicated options
      if (options.decrypt != null) {
        if (!entry.isEncrypted()) {
          throw new Error("options.decrypt can only be specified for encrypted entries. See also option decodeFileData.");
        }
        if (options.decrypt !== false) throw new Error("invalid options.decrypt value: " + options.decrypt);
        if (entry.isCompressed()) {
          if (options.decompress !== false) throw new Error("entry is encrypted and compressed, and options.decompress !== false. See also option decodeFileData.");
        }
      }
      if (options.decompress != null) {
        if (!entry.isCompressed()) {
          throw new Error("options.decompress can only be specified for compressed entries. See also option decodeFileData.");
        }
        if (!(options.decompress === false || options.decompress === true)) {
          throw new Error("invalid options.decompress value: " + options.decompress);
        }
        decompress = options.decompress;
      }
    }
    if (options.start != null) {
      relativeStart = options.start;
      if (relativeStart < 0) throw new Error("options.start < 0");
      if (relativeStart > entry.compressedSize) throw new Error("options.start > entry.compressedSize");
    }
    if (options.end != null) {
      relativeEnd = options.end;
      if (relativeEnd < 0) throw new Error("options.end < 0");
      if (relativeEnd > entry.compressedSize) throw new Error("options.end > entry.compressedSize");
      if (relativeEnd < relativeStart) throw new Error("options.end < options.start");
    }
  }
  var rawMode = (
    options.decodeFileData === false || // Explicitly requested raw.
    (
      (entry.compressionMethod === 0 || // Naturally without compression.
        (entry.compressionMethod === 8 && options.decompress === false) // Deprecated compression bypass option.
      ) &&
      (!entry.isEncrypted() || // Naturally without encryption.
        options.decrypt === false // Deprecated encryption bypass option.
      )
    )
  );
  if (options.start != null || options.end != null) {
    // Ensure slicing deals with raw data.
    if (!rawMode) throw new Error("start/end range require options.decodeFileData === false for non-trivial encoded entries.");
  }

  // any further errors can either be caused by the zipfile,
  // or were introduced in a minor version of yauzl,
  // so should be passed to the client rather than thrown.
  if (!self.isOpen) return callback(new Error("closed"));
  if (entry.isEncrypted() && !rawMode) {
    if (options.decrypt !== false) return callback(new Error("entry is encrypted, and options.decodeFileData !== false"));
  }
  var decompress;
  if (rawMode) {
    decompress = false;
  } else if (entry.compressionMethod === 8) {
    // 8 - The file is Deflated
    decompress = options.decodeFileData !== true;
  } else {
    return callback(new Error("unsupported compression method: " + entry.compressionMethod));
  }

  self.readLocalFileHeader(entry, {minimal: true}, function(err, localFileHeader) {
    if (err) return callback(err);
    self.openReadStreamLowLevel(
      localFileHeader.fileDataStart, entry.compressedSize,
      relativeStart, relativeEnd,
      decompress, entry.uncompressedSize,
      callback);
  });
};

ZipFile.prototype.openReadStreamLowLevel = function(fileDataStart, compressedSize, relativeStart, relativeEnd, decompress, uncompressedSize, callback) {
  var self = this;

  var fileDataEnd = fileDataStart + compressedSize;
  var readStream = self.reader.createReadStream({
    start: fileDataStart + relativeStart,
    end: fileDataStart + relativeEnd,
  });
  var endpointStream = readStream;
  if (decompress) {
    var destroyed = false;
    var inflateFilter = zlib.createInflateRaw();
    readStream.on("error", function(err) {
      // setImmediate here because errors can be emitted during the first call to pipe()
      setImmediate(function() {
        if (!destroyed) inflateFilter.emit("error", err);
      });
    });
    readStream.pipe(inflateFilter);

    if (self.validateEntrySizes) {
      endpointStream = new AssertByteCountStream(uncompressedSize);
      inflateFilter.on("error", function(err) {
        // forward zlib errors to the client-visible stream
        setImmediate(function() {
          if (!destroyed) endpointStream.emit("error", err);
        });
      });
      inflateFilter.pipe(endpointStream);
    } else {
      // the zlib filter is the client-visible stream
      endpointStream = inflateFilter;
    }
    // this is part of yauzl's API, so implement this function on the client-visible stream
    installDestroyFn(endpointStream, function() {
      destroyed = true;
      if (inflateFilter !== endpointStream) inflateFilter.unpipe(endpointStream);
      readStream.unpipe(inflateFilter);
      // TODO: the inflateFilter may cause a memory leak. see Issue #27.
      readStream.destroy();
    });
  }
  callback(null, endpointStream);
};

ZipFile.prototype.readLocalFileHeader = function(entry, options, callback) {
  var self = this;
  if (callback == null) {
    callback = options;
    options = null;
  }
  if (options == null) options = {};

  self.reader.ref();
  var buffer = newBuffer(30);
  readAndAssertNoEof(self.reader, buffer, 0, buffer.length, entry.relativeOffsetOfLocalHeader, function(err) {
    try {
      if (err) return callback(err);
      // 0 - Local file header signature = 0x04034b50
      var signature = buffer.readUInt32LE(0);
      if (signature !== 0x04034b50) {
        return callback(new Error("invalid local file header signature: 0x" + signature.toString(16)));
      }

      var fileNameLength = buffer.readUInt16LE(26);
      var extraFieldLength = buffer.readUInt16LE(28);
      var fileDataStart = entry.relativeOffsetOfLocalHeader + 30 + fileNameLength + extraFieldLength;
      // We now have enough information to do this bounds check.
      if (fileDataStart + entry.compressedSize > self.fileSize) {
        return callback(new Error("file data overflows file bounds: " +
            fileDataStart + " + " + entry.compressedSize + " > " + self.fileSize));
      }

      if (options.minimal) {
        return callback(null, {fileDataStart: fileDataStart});
      }

      var localFileHeader = new LocalFileHeader();
      localFileHeader.fileDataStart = fileDataStart;

      // 4 - Version needed to extract (minimum)
      localFileHeader.versionNeededToExtract = buffer.readUInt16LE(4);
      // 6 - General purpose bit flag
      localFileHeader.generalPurposeBitFlag = buffer.readUInt16LE(6);
      // 8 - Compression method
      localFileHeader.compressionMethod = buffer.readUInt16LE(8);
      // 10 - File last modification time
      localFileHeader.lastModFileTime = buffer.readUInt16LE(10);
      // 12 - File last modification date
      localFileHeader.lastModFileDate = buffer.readUInt16LE(12);
      // 14 - CRC-32
      localFileHeader.crc32 = buffer.readUInt32LE(14);
      // 18 - Compressed size
      localFileHeader.compressedSize = buffer.readUInt32LE(18);
      // 22 - Uncompressed size
      localFileHeader.uncompressedSize = buffer.readUInt32LE(22);
      // 26 - File name length (n)
      localFileHeader.fileNameLength = fileNameLength;
      // 28 - Extra field length (m)
      localFileHeader.extraFieldLength = extraFieldLength;
      // 30 - File name
      // 30+n - Extra field

      buffer = newBuffer(fileNameLength + extraFieldLength);
      self.reader.ref();
      readAndAssertNoEof(self.reader, buffer, 0, buffer.length, entry.relativeOffsetOfLocalHeader + 30, function(err) {
        try {
          if (err) return callback(err);
          localFileHeader.fileName = buffer.subarray(0, fileNameLength);
          localFileHeader.extraField = buffer.subarray(fileNameLength);
          return callback(null, localFileHeader);
        } finally {
          self.reader.unref();
        }
      });
    } finally {
      self.reader.unref();
    }
  });
};

ZipFile.prototype.openReadStreamPromise = function(entry, options) {
  return new Promise((resolve, reject) => {
    this.openReadStream(entry, options, function(err, readStream) {
      if (err) return reject(err);
      resolve(readStream);
    });
  });
};
ZipFile.prototype.openReadStreamLowLevelPromise = function(fileDataStart, compressedSize, relativeStart, relativeEnd, decompress, uncompressedSize) {
  return new Promise((resolve, reject) => {
    this.openReadStream(fileDataStart, compressedSize, relativeStart, relativeEnd, decompress, uncompressedSize, function(err, readStream) {
      if (err) return reject(err);
      resolve(readStream);
    });
  });
};
ZipFile.prototype.readLocalFileHeaderPromise = function(entry, options) {
  return new Promise((resolve, reject) => {
    this.readLocalFileHeader(entry, options, function(err, localFileHeader) {
      if (err) return reject(err);
      resolve(localFileHeader);
    });
  });
};

function Entry() {
}
Entry.prototype.getLastModDate = function(options) {
  if (options == null) options = {};

  if (!options.forceDosFormat) {
    // Check extended fields.
    for (var i = 0; i < this.extraFields.length; i++) {
      var extraField = this.extraFields[i];
      if (extraField.id === 0x5455) {
        // Info-ZIP "universal timestamp" extended field (`0x5455` aka `"UT"`).
        // See the Info-ZIP source code unix/unix.c:set_extra_field() and zipfile.c:ef_scan_ut_time().
        var data = extraField.data;
        if (data.length < 5) continue; // Too short.
        // The flags define which of the three fields are present: mtime, atime, ctime.
        // We only care about mtime.
        // Also, ctime is never included in practice.
        // And also, atime is only included in the local file header for some reason
        // despite the flags lying about its inclusion in the central header.
        var flags = data[0];
        var HAS_MTIME = 1;
        if (!(flags & HAS_MTIME)) continue; // This will realistically never happen.
        // Although the positions of all of the fields shift around depending on the presence of other fields,
        // mtime is always first if present, and that's the only one we care about.
        var posixTimestamp = data.readInt32LE(1);
        return new Date(posixTimestamp * 1000);
      } else if (extraField.id === 0x000a) {
        var data = extraField.data;
        if (data.length !== 32) continue; // The length is always the same.
        // 4 bytes reserved
        // 2 bytes Tag
        if (data.readUInt16LE(4) !== 1) continue; // Tag1 is actually the only defined Tag.
        // 2 bytes Size
        if (data.readUInt16LE(6) !== 24) continue; // Size is always 24.
        // 8 bytes Mtime
        var hundredNanoSecondsSince1601 = data.readUInt32LE(8) + 4294967296 * data.readInt32LE(12);
        // Convert from NTFS to POSIX milliseconds.
        // The big number below is the milliseconds between year 1601 and year 1970
        // (i.e. the negative POSIX timestamp of 1601-01-01 00:00:00Z)
        var millisecondsSince1970 = hundredNanoSecondsSince1601 / 10000 - 11644473600000;
        // Note on numeric precision: JavaScript Number objects lose precision above Number.MAX_SAFE_INTEGER,
        // and NTFS timestamps are typically much bigger than that limit.
        // (MAX_SAFE_INTEGER would represent 1629-07-17T23:58:45.475Z.)
        // However, we're losing precision in the conversion from 100nanosecond units to millisecond units anyway,
        // and the time at which we also lose 1-millisecond precision is year 275760, the JavaScript Date limit (by design).
        // Up through the year 2057, this conversion only drops 4 bits of precision,
        // which is well under the 13-14 bits ratio between the milliseconds and 100nanoseconds.
        return new Date(millisecondsSince1970);
      }
    }
  }

  // Fallback to non-extended encoding.
  return dosDateTimeToDate(this.lastModFileDate, this.lastModFileTime, options.timezone);
};

Entry.prototype.canDecodeFileData = function() {
  return (
    !this.isEncrypted() &&
    (this.compressionMethod === 0 || this.compressionMethod === 8)
  );
};
Entry.prototype.isEncrypted = function() {
  return (this.generalPurposeBitFlag & 0x1) !== 0;
};
Entry.prototype.isCompressed = function() {
  return this.compressionMethod === 8;
};

function LocalFileHeader() {
}

function dosDateTimeToDate(date, time, timezone) {
  var day = date & 0x1f; // 1-31
  var month = (date >> 5 & 0xf) - 1; // 1-12, 0-11
  var year = (date >> 9 & 0x7f) + 1980; // 0-128, 1980-2108

  var millisecond = 0;
  var second = (time & 0x1f) * 2; // 0-29, 0-58 (even numbers)
  var minute = time >> 5 & 0x3f; // 0-59
  var hour = time >> 11 & 0x1f; // 0-23

  if (timezone == null || timezone === "local") {
    return new Date(year, month, day, hour, minute, second, millisecond);
  } else if (timezone === "UTC") {
    return new Date(Date.UTC(year, month, day, hour, minute, second, millisecond));
  } else {
    throw new Error("unrecognized options.timezone: " + options.timezone);
  }
}

function getFileNameLowLevel(generalPurposeBitFlag, fileNameBuffer, extraFields, strictFileNames) {
  var fileName = null;

  // check for Info-ZIP Unicode Path Extra Field (0x7075)
  // see https://github.com/thejoshwolfe/yauzl/issues/33
  for (var i = 0; i < extraFields.length; i++) {
    var extraField = extraFields[i];
    if (extraField.id === 0x7075) {
      if (extraField.data.length < 6) {
        // too short to be meaningful
        continue;
      }
      // Version       1 byte      version of this extra field, currently 1
      if (extraField.data.readUInt8(0) !== 1) {
        // > Changes may not be backward compatible so this extra
        // > field should not be used if the version is not recognized.
        continue;
      }
      // NameCRC32     4 bytes     File Name Field CRC32 Checksum
      var oldNameCrc32 = extraField.data.readUInt32LE(1);
      if (crc32(fileNameBuffer) !== oldNameCrc32) {
        // > If the CRC check fails, this UTF-8 Path Extra Field should be
        // > ignored and the File Name field in the header should be used instead.
        continue;
      }
      // UnicodeName   Variable    UTF-8 version of the entry File Name
      fileName = decodeBuffer(extraField.data.subarray(5), true);
      break;
    }
  }

  if (fileName == null) {
    // The typical case.
    var isUtf8 = (generalPurposeBitFlag & 0x800) !== 0;
    fileName = decodeBuffer(fileNameBuffer, isUtf8);
  }

  if (!strictFileNames) {
    // Allow backslash.
    fileName = fileName.replace(/\\/g, "/");
  }
  return fileName;
}

function validateFileName(fileName) {
  if (fileName.indexOf("\\") !== -1) {
    return "invalid characters in fileName: " + fileName;
  }
  if (/^[a-zA-Z]:/.test(fileName) || /^\//.test(fileName)) {
    return "absolute path: " + fileName;
  }
  if (fileName.split("/").indexOf("..") !== -1) {
    return "invalid relative path: " + fileName;
  }
  // all good
  return null;
}

function parseExtraFields(extraFieldBuffer) {
  var extraFields = [];
  var i = 0;
  while (i < extraFieldBuffer.length - 3) {
    var headerId = extraFieldBuffer.readUInt16LE(i + 0);
    var dataSize = extraFieldBuffer.readUInt16LE(i + 2);
    var dataStart = i + 4;
    var dataEnd = dataStart + dataSize;
    if (dataEnd > extraFieldBuffer.length) throw new Error("extra field length exceeds extra field buffer size");
    var dataBuffer = extraFieldBuffer.subarray(dataStart, dataEnd);
    extraFields.push({
      id: headerId,
      data: dataBuffer,
    });
    i = dataEnd;
  }
  return extraFields;
}

function readAndAssertNoEof(reader, buffer, offset, length, position, callback) {
  if (length === 0) {
    // fs.read will throw an out-of-bounds error if you try to read 0 bytes from a 0 byte file
    return setImmediate(function() { callback(null, newBuffer(0)); });
  }
  reader.read(buffer, offset, length, position, function(err, bytesRead) {
    if (err) return callback(err);
    if (bytesRead < length) {
      return callback(new Error("unexpected EOF"));
    }
    callback();
  });
}

util.inherits(AssertByteCountStream, Transform);
function AssertByteCountStream(byteCount) {
  Transform.call(this);
  this.actualByteCount = 0;
  this.expectedByteCount = byteCount;
}
AssertByteCountStream.prototype._transform = function(chunk, encoding, cb) {
  this.actualByteCount += chunk.length;
  if (this.actualByteCount > this.expectedByteCount) {
    var msg = "too many bytes in the stream. expected " + this.expectedByteCount + ". got at least " + this.actualByteCount;
    return cb(new Error(msg));
  }
  cb(null, chunk);
};
AssertByteCountStream.prototype._flush = function(cb) {
  if (this.actualByteCount < this.expectedByteCount) {
    var msg = "not enough bytes in the stream. expected " + this.expectedByteCount + ". got only " + this.actualByteCount;
    return cb(new Error(msg));
  }
  cb();
};

util.inherits(RandomAccessReader, EventEmitter);
function RandomAccessReader() {
  EventEmitter.call(this);
  this.refCount = 0;
}
RandomAccessReader.prototype.ref = function() {
  this.refCount += 1;
};
RandomAccessReader.prototype.unref = function() {
  var self = this;
  self.refCount -= 1;

  if (self.refCount > 0) return;
  if (self.refCount < 0) throw new Error("invalid unref");

  self.close(onCloseDone);

  function onCloseDone(err) {
    if (err) return self.emit('error', err);
    self.emit('close');
  }
};
RandomAccessReader.prototype.createReadStream = function(options) {
  if (options == null) options = {};
  var start = options.start;
  var end = options.end;
  if (start === end) {
    var emptyStream = new PassThrough();
    setImmediate(function() {
      emptyStream.end();
    });
    return emptyStream;
  }
  var stream = this._readStreamForRange(start, end);

  var destroyed = false;
  var refUnrefFilter = new RefUnrefFilter(this);
  stream.on("error", function(err) {
    setImmediate(function() {
      if (!destroyed) refUnrefFilter.emit("error", err);
    });
  });
  installDestroyFn(refUnrefFilter, function() {
    stream.unpipe(refUnrefFilter);
    refUnrefFilter.unref();
    stream.destroy();
  });

  var byteCounter = new AssertByteCountStream(end - start);
  refUnrefFilter.on("error", function(err) {
    setImmediate(function() {
      if (!destroyed) byteCounter.emit("error", err);
    });
  });
  installDestroyFn(byteCounter, function() {
    destroyed = true;
    refUnrefFilter.unpipe(byteCounter);
    refUnrefFilter.destroy();
  });

  return stream.pipe(refUnrefFilter).pipe(byteCounter);
};
RandomAccessReader.prototype._readStreamForRange = function(start, end) {
  throw new Error("not implemented");
};
RandomAccessReader.prototype.read = function(buffer, offset, length, position, callback) {
  var readStream = this.createReadStream({start: position, end: position + length});
  var writeStream = new Writable();
  var written = 0;
  writeStream._write = function(chunk, encoding, cb) {
    chunk.copy(buffer, offset + written, 0, chunk.length);
    written += chunk.length;
    cb();
  };
  writeStream.on("finish", callback);
  readStream.on("error", function(error) {
    callback(error);
  });
  readStream.pipe(writeStream);
};
RandomAccessReader.prototype.close = function(callback) {
  setImmediate(callback);
};

util.inherits(RefUnrefFilter, PassThrough);
function RefUnrefFilter(context) {
  PassThrough.call(this);
  this.context = context;
  this.context.ref();
  this.unreffedYet = false;
}
RefUnrefFilter.prototype._flush = function(cb) {
  this.unref();
  cb();
};
RefUnrefFilter.prototype.unref = function(cb) {
  if (this.unreffedYet) return;
  this.unreffedYet = true;
  this.context.unref();
};

var cp437 = '\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼ !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~⌂ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■ ';
function decodeBuffer(buffer, isUtf8) {
  if (isUtf8) {
    return buffer.toString("utf8");
  } else {
    var result = "";
    for (var i = 0; i < buffer.length; i++) {
      result += cp437[buffer[i]];
    }
    return result;
  }
}

function readUInt64LE(buffer, offset) {
  // There is no native function for this, because we can't actually store 64-bit integers precisely.
  // after 53 bits, JavaScript's Number type (IEEE 754 double) can't store individual integers anymore.
  // but since 53 bits is a whole lot more than 32 bits, we do our best anyway.
  // As of 2020, Node has added support for BigInt, which obviates this whole function,
  // but yauzl hasn't been updated to depend on BigInt (yet?).
  var lower32 = buffer.readUInt32LE(offset);
  var upper32 = buffer.readUInt32LE(offset + 4);
  // we can't use bitshifting here, because JavaScript bitshifting only works on 32-bit integers.
  return upper32 * 0x100000000 + lower32;
  // as long as we're bounds checking the result of this function against the total file size,
  // we'll catch any overflow errors, because we already made sure the total file size was within reason.
}

// Node 10 deprecated new Buffer().
var newBuffer;
if (typeof Buffer.allocUnsafe === "function") {
  newBuffer = function(len) {
    return Buffer.allocUnsafe(len);
  };
} else {
  newBuffer = function(len) {
    return new Buffer(len);
  };
}

// Node 8 introduced a proper destroy() implementation on writable streams.
function installDestroyFn(stream, fn) {
  if (typeof stream.destroy === "function") {
    // New API.
    stream._destroy = function(err, cb) {
      fn();
      if (cb != null) cb(err);
    };
  } else {
    // Old API.
    stream.destroy = fn;
  }
}

function defaultCallback(err) {
  if (err) throw err;
}


/***/ }),

/***/ 236:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  D: () => (/* binding */ answerRead)
});

;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
;// CONCATENATED MODULE: ./src/core/shared/option-spec.ts
const COMMANDS = [
    'deploy',
    'upload',
    'notify',
    'wait',
    'terminate',
    'collect',
    'skip'
];
/** The platforms a build can be for, as `platform` takes them and the outputs name them. */
const PLATFORMS = ['android', 'ios'];
/** The ABIs Android's NDK builds native code for, as an APK's lib/ folders name them (the last three retired). */
const ANDROID_ABIS = (/* unused pure expression or super */ null && ([
    'arm64-v8a',
    'armeabi-v7a',
    'x86_64',
    'x86',
    'riscv64',
    'armeabi',
    'mips',
    'mips64'
]));
/** What an iOS build runs on: devices (an .ipa) or the simulator (a zipped .app). */
const IOS_TARGETS = ['device', 'simulator'];
const ALL = COMMANDS;
/** The commands that speak to the service: all but skip, which writes only on GitHub. */
const SERVICE = ['deploy', 'upload', 'notify', 'wait', 'terminate', 'collect'];
/** The commands a build's app id, platform and environment name: the deploy's, and skip's, which names what a deploy would. */
const NAMED = ['deploy', 'upload', 'skip'];
const BUILD = ['deploy', 'upload'];
const NOTIFY = ['deploy', 'notify'];
const GIT = ['deploy', 'upload', 'notify'];
const WAIT = ['deploy', 'notify', 'wait'];
const WAIT_OR_COLLECT = ['deploy', 'notify', 'wait', 'collect'];
const REPORTING = ['deploy', 'notify', 'wait'];
/** 64 KiB/s: a 100 MiB build gets 27 minutes, a crawl no working link is slower than. */
const DEFAULT_MIN_UPLOAD_KIB_PER_SECOND = 64;
/**
 * The most builds one step deploys, and runs it waits for: a step's check
 * runs are all created within GitHub's 80 content-creating requests a
 * minute, and its comment keeps a row each within 65,536 characters.
 */
const MAX_STEP_BUILDS = 64;
/** A job runs six hours at most on GitHub's hosted runners; no wait is longer. */
const MAX_WAIT_TIMEOUT_MINUTES = 6 * 60;

;// CONCATENATED MODULE: ./src/core/shared/build-options.ts
/** The option table's rows (option-table.ts): the builds: which, where each goes, what the service's devices need of it, and how fast it must travel. */

const BUILD_OPTIONS = {
    file: {
        kind: 'globs',
        commands: BUILD,
        description: 'Path or glob of the build (.apk .aab .ipa .deb .zip .csv .pdf), relative to the working directory or absolute, matching exactly one file; several builds one per line (each deployed under its own destination, with its own run and verdict).'
    },
    destination: {
        kind: 'destinationEach',
        commands: BUILD,
        description: `Where the build goes in the workspace's storage (may include folders), or one per platform (android:builds/app.apk ios:builds/app.ipa); default: built by {{namePrefix}}, else the file's own name.`
    },
    namePrefix: {
        kind: 'namePartEach',
        commands: [...NAMED, 'terminate'],
        description: `Builds the destination by the naming convention: <prefix>-<environment>.<ext> with {{environment}}, else <prefix>-<owner>-<repo>-pr<number>.<ext> for a pull request; one for every build, or one per platform (android:myapp-android ios:myapp-ios). Ending an environment, it names the pull request's preview environment the same way (<prefix>-<owner>-<repo>-pr<number>).`
    },
    environment: {
        kind: 'namePartEach',
        commands: NAMED,
        description: `The static environment of the naming convention, with {{namePrefix}}; one for every build, or one per platform (android:staging-android ios:staging-ios).`
    },
    expectedAppId: {
        kind: 'appIds',
        commands: NAMED,
        description: 'The app id every build must have (Android package name, iOS bundle id), or one per platform (android:com.example.shop ios:com.example.Shop); a build of another app is refused before anything is sent.'
    },
    platform: {
        kind: 'platform',
        commands: NAMED,
        description: `The platform the build must be for: ${PLATFORMS.join(' or ')}; a build for the other one, or a file that is no app, is refused before anything is sent.`
    },
    requiredAbis: {
        kind: 'abis',
        commands: BUILD,
        description: `The ABIs each Android build must have native code for, as the service's devices need (arm64-v8a, armeabi-v7a, x86_64, x86; several separated by spaces or commas): an APK or App Bundle whose native libraries lack one is refused before anything is sent, naming the ABIs it has; a build without native code runs on any and passes. iOS builds are not checked.`
    },
    requiredTarget: {
        kind: 'target',
        commands: BUILD,
        description: `What each iOS build must run on: ${IOS_TARGETS.join(' or ')} (an .ipa for iPhones and iPads, or a zipped .app built for the simulator); a build of the other kind is refused before anything is sent. Android builds are not checked.`
    },
    minUploadKibPerSecond: {
        kind: 'number',
        default: DEFAULT_MIN_UPLOAD_KIB_PER_SECOND,
        min: 1,
        max: 1024 * 1024,
        commands: BUILD,
        description: "The slowest upload still waited for, in KiB/s: an attempt may take the build's size at this speed plus the request time limit (MOBILE_DEPLOY_REQUEST_TIMEOUT_SECONDS), then it is cut and tried again. Lower it for a slow link."
    }
};

;// CONCATENATED MODULE: ./src/core/shared/connection-options.ts
/** The option table's rows (option-table.ts): the service: its key, its address, how often a request is tried. */

const CONNECTION_OPTIONS = {
    apiKey: {
        kind: 'secret',
        required: true,
        commands: SERVICE,
        env: { name: 'SERVICE_API_KEY', frontEnds: ['cli'] },
        description: 'The workspace API key (Integrations, API Access), kept as a secret such as SERVICE_API_KEY. Masked at once. Not needed by {{skip}}, which sends nothing to the service.'
    },
    baseUrl: {
        kind: 'baseUrl',
        required: true,
        commands: SERVICE,
        env: { name: 'SERVICE_BASE_URL', frontEnds: ['cli'] },
        description: "The service's base URL, e.g. https://service.example.com, or a gateway's path prefix in front of it (https://gw.example.com/testing), which every request keeps; never an /api address. https, or http to a loopback host only."
    },
    maxAttempts: {
        kind: 'integer',
        default: 5,
        min: 1,
        max: 10,
        commands: SERVICE,
        description: 'Attempts per request for transient failures (network, 429, 5xx); 1 means no retry.'
    }
};

;// CONCATENATED MODULE: ./src/core/shared/notification-options.ts
/** The option table's rows (option-table.ts): the deploy notification: what it says of the deployment, the run it starts and the commit. */

const NOTIFICATION_OPTIONS = {
    deploymentType: {
        kind: 'text',
        wire: 'deployment_type',
        commands: [...NOTIFY, 'skip'],
        description: "Sent as deployment_type: the workspace's label for this kind of deployment."
    },
    variables: {
        kind: 'variables',
        wire: 'variables',
        commands: NOTIFY,
        description: `JSON object of extra variables for the run; strings, numbers and booleans. {{runVariable}} is set to the build.`
    },
    runInputPath: {
        kind: 'relativePath',
        commands: NOTIFY,
        description: `Notify with an earlier upload: its playgroundFileLocation. Not with {{file}}.`
    },
    runVariable: {
        kind: 'variableName',
        default: 'RUN_INPUT_PATH',
        commands: NOTIFY,
        description: "The run variable that carries the build's path (the lane plugin's option)."
    },
    notify: {
        kind: 'boolean',
        default: true,
        commands: ['deploy'],
        frontEnds: ['action', 'cli'],
        description: 'Send the deploy notification; false uploads only (workspace set-up).'
    },
    failOnNoRun: {
        kind: 'boolean',
        default: true,
        commands: NOTIFY,
        description: 'When the service answers but creates no run, true makes it a failure and false a warning.'
    },
    dryRun: {
        kind: 'boolean',
        default: false,
        commands: GIT,
        description: `Check everything a deployment needs (the options, the build, the context, the key and base URL, on GitHub the token) and tell what it would do, without uploading or notifying. Not with {{runId}} or an environment to end.`
    },
    branch: {
        kind: 'text',
        wire: 'branch',
        commands: [...GIT, 'skip'],
        git: true,
        names: { library: 'git.branch' },
        defaultText: 'from the CI',
        description: 'Overrides the branch read from the CI.'
    },
    sha: {
        kind: 'sha',
        wire: 'sha',
        commands: [...GIT, 'skip'],
        git: true,
        names: { library: 'git.sha' },
        defaultText: 'from the CI',
        description: "Overrides the commit read from the CI (on a pull request, the pull request's head)."
    },
    commitUrl: {
        kind: 'url',
        wire: 'commit_url',
        commands: NOTIFY,
        git: true,
        names: { library: 'git.commitUrl' },
        defaultText: 'from the CI',
        description: 'Overrides the link to the commit; sent as commit_url.'
    },
    deploymentUrl: {
        kind: 'url',
        wire: 'deployment_url',
        commands: [...NOTIFY, 'terminate'],
        git: true,
        defaultText: 'from a deployment_status event',
        description: `URL of the deployed environment, sent as deployment_url; when ending an environment, names it.`
    },
    pullRequestNumber: {
        kind: 'integer',
        wire: 'pull_request_number',
        min: 1,
        max: 2 ** 31 - 1,
        commands: [...GIT, 'skip'],
        git: true,
        names: { library: 'git.pullRequestNumber' },
        defaultText: 'from the CI',
        description: 'Overrides the pull request (GitLab: merge request) number read from the CI.'
    },
    mergeRequestNumber: {
        kind: 'integer',
        wire: 'merge_request_number',
        min: 1,
        max: 2 ** 31 - 1,
        commands: GIT,
        git: true,
        frontEnds: ['library'],
        names: { library: 'git.mergeRequestNumber' },
        description: "A GitLab merge request's number (IID), sent as merge_request_number."
    },
    repository: {
        kind: 'repository',
        wire: 'repository',
        commands: GIT,
        git: true,
        frontEnds: ['library'],
        names: { library: 'git.repository' },
        description: 'The repository: {owner, name}, or {namespace, name} on GitLab.'
    },
    hostingService: {
        kind: 'text',
        wire: 'hosting_service',
        commands: NOTIFY,
        git: true,
        names: { library: 'git.hostingService' },
        defaultText: 'from the CI',
        actionDefault: 'GitHub',
        description: 'Where the code is hosted, sent as hosting_service: GitHub, GitLab, Bitbucket, …'
    },
    deduplicationKey: {
        kind: 'text',
        wire: 'deduplication_key',
        commands: NOTIFY,
        description: 'Sent as deduplication_key: replaces the default key (branch and environment) for superseding runs.'
    },
    ephemeralEnvironment: {
        kind: 'boolean',
        wire: 'ephemeral_environment',
        default: false,
        commands: NOTIFY,
        description: 'The deployment is a short-lived preview environment (ephemeral_environment).'
    }
};

;// CONCATENATED MODULE: ./src/core/shared/report-options.ts
/** The option table's rows (option-table.ts): the reports: files, webhooks, and what GitHub shows (the check run and the comment). */

const REPORT_OPTIONS = {
    junitReport: {
        kind: 'path',
        commands: [...REPORTING, 'collect'],
        frontEnds: ['action', 'cli'],
        names: { cli: 'junit' },
        description: "Write the run's verdict to this file as a JUnit report (one test case per bug, one for the verdict); a collect writes the verdicts it collected."
    },
    testAttestation: {
        kind: 'path',
        commands: ['deploy', 'notify', 'wait', 'collect'],
        description: "A folder to write the verdict into as an in-toto test-result attestation, bound to each build's bytes: subjects.sha256 (each build's SHA-256 and name) and predicate.json for GitHub's actions/attest (subject-checksums, predicate-path), statement.json for any other signer. Each build is a test named <file>@sha256:<digest>; the result is PASSED only when every run passed. With a verdict this step knows and the builds it sent: {{wait}} with {{file}}, or a collect."
    },
    summaryFile: {
        kind: 'path',
        commands: ALL,
        frontEnds: ['cli', 'library'],
        description: "Write the step's summary in markdown to this file, as the action writes its job summary: each deployment's facts, result and bugs (for a CI that shows a markdown file)."
    },
    resultWebhook: {
        kind: 'secretUrl',
        commands: ALL,
        // Read from a variable in the CLI, so that a wrapper passes it from the CI's secrets, never from a file.
        env: { name: 'RESULT_WEBHOOK_URL', frontEnds: ['cli'] },
        description: "POST the step's result as JSON (the object the CLI's --json prints) to this URL once the step is judged, through the step's retries and time limits; a webhook that cannot be reached is a warning. A dry run posts nothing. https, or http to a loopback host; the URL is masked as a secret where it stands whole, and so are its parts that can be secret (its query, a path segment that reads as a token)."
    },
    slackWebhook: {
        kind: 'secretUrl',
        commands: [...REPORTING, 'collect', 'skip'],
        env: { name: 'SLACK_WEBHOOK_URL', frontEnds: ['cli'] },
        description: "POST the step's verdict to this Slack incoming webhook (https://hooks.slack.com/services/…) once the step is judged: one message, a section per deployment with where it stands, its run and its bugs; a collect posts what it completed (nothing when it completed nothing), a dry run nothing. A Slack that cannot be reached is a warning. Masked as a secret as {{resultWebhook}} is."
    },
    githubToken: {
        kind: 'secret',
        commands: ['deploy', 'upload', 'notify', 'wait', 'collect', 'skip'],
        env: { name: 'GITHUB_TOKEN', frontEnds: ['cli'] },
        actionDefault: '${{ github.token }}',
        description: `Token for GitHub's API, masked: the check run and pull-request comment (the action's; with {{reportLater}}, every front end's), the collect's and {{skip}}'s, and in a GitHub workflow the pull request of a fork's workflow_run.`
    },
    gitlabToken: {
        kind: 'secret',
        commands: ['deploy', 'notify', 'wait', 'collect', 'skip'],
        frontEnds: ['cli', 'library'],
        env: { name: 'GITLAB_TOKEN', frontEnds: ['cli', 'library'] },
        description: "Token for GitLab's API, masked: in a GitLab pipeline, a step that waits for the verdict, or reports it later in a merge request's pipeline, writes a commit status per deployment on the pipeline's commit (CI_COMMIT_SHA) and one note on the merge request, edited in place; a collect in a scheduled pipeline completes what was reported later; a skip writes its statuses skipped there instead of GitHub's check runs. A project (or group) access token with the api scope, kept in a masked CI/CD variable (protected only where every branch that reports is protected); CI_JOB_TOKEN cannot write either. Sent only to CI_API_V4_URL."
    },
    bitbucketToken: {
        kind: 'secret',
        commands: ['deploy', 'notify', 'wait', 'collect', 'skip'],
        frontEnds: ['cli', 'library'],
        env: { name: 'BITBUCKET_ACCESS_TOKEN', frontEnds: ['cli', 'library'] },
        description: "Token for Bitbucket Cloud's API, masked: in Bitbucket Pipelines a step that waits for the verdict, or reports it later, writes a build status per deployment on the pipeline's commit (BITBUCKET_COMMIT) and one Code Insights report of the step with an annotation per blocking bug; without it, a step in Pipelines writes them through Pipelines' authentication proxy ({{bitbucketProxy}}). A collect in a scheduled pipeline completes what was reported later, and a skip writes its statuses stopped there: both need it. A repository access token with the repository:write and pullrequest scopes, kept in a secured repository variable. Sent only to {{bitbucketApiUrl}}."
    },
    bitbucketApiUrl: {
        kind: 'url',
        default: 'https://api.bitbucket.org/2.0',
        commands: ['deploy', 'notify', 'wait', 'collect', 'skip'],
        frontEnds: ['cli', 'library'],
        env: { name: 'BITBUCKET_API_URL', frontEnds: ['cli', 'library'] },
        description: "Bitbucket Cloud's API, where {{bitbucketToken}} goes (a stand-in's or a gateway's address in its place). https, or http to a loopback host; through {{bitbucketProxy}} it is asked over http, as the proxy signs only what it reads."
    },
    bitbucketProxy: {
        kind: 'url',
        default: 'http://localhost:29418',
        commands: ['deploy', 'notify', 'wait'],
        frontEnds: ['cli', 'library'],
        env: { name: 'BITBUCKET_PROXY', frontEnds: ['cli', 'library'] },
        description: "Bitbucket Pipelines' authentication proxy, which signs a step's requests to the API for it: used in Pipelines (BITBUCKET_BUILD_NUMBER set) when {{bitbucketToken}} is not given. A loopback address, over http."
    },
    githubRepository: {
        kind: 'text',
        commands: ['deploy', 'notify', 'collect', 'skip'],
        frontEnds: ['cli', 'library'],
        env: { name: 'GITHUB_REPOSITORY', frontEnds: ['cli', 'library'] },
        description: 'The GitHub repository (owner/name) the check runs of {{reportLater}}, a collect and {{skip}} are on; in a GitHub workflow, the one it runs in.'
    },
    check: {
        kind: 'boolean',
        default: true,
        commands: REPORTING,
        frontEnds: ['action'],
        description: `While waiting for the verdict, show it as a check run on the deployment's commit (needs checks: write).`
    },
    checkName: {
        kind: 'displayName',
        commands: [...REPORTING, 'skip'],
        frontEnds: ['action'],
        defaultText: "'Mobile tests', with the environment or deployment type",
        description: "The check run's name; it also tells two deployments' comments apart. A later wait with the same name shows its verdict with a new check run of that name."
    },
    prComment: {
        kind: 'boolean',
        default: true,
        commands: REPORTING,
        frontEnds: ['action'],
        description: `On a pull request, keep one comment with the build, the run and its verdict, edited in place (needs pull-requests: write).`
    }
};

;// CONCATENATED MODULE: ./src/core/shared/verdict-options.ts
/** The option table's rows (option-table.ts): the verdict: waiting for it, reporting it later and collecting it, skipping, ending an environment. */

const VERDICT_OPTIONS = {
    wait: {
        kind: 'boolean',
        default: false,
        commands: NOTIFY,
        description: 'After a run is created, wait for its verdict; anything but passed is a failure. The wait holds the job until the verdict or the timeout.'
    },
    reportLater: {
        kind: 'boolean',
        default: false,
        commands: NOTIFY,
        description: "End right after the notification and leave the verdict to a scheduled collect: the check run stays in progress on the commit, linking the run, and the pull request's comment says the verdict is pending. Not with {{wait}}."
    },
    collect: {
        kind: 'boolean',
        default: false,
        commands: ['collect'],
        frontEnds: ['action'],
        description: "Collect the verdicts of deployments made with {{reportLater}}: each of this product's check runs in progress on open pull requests and the default branch's newest commits is completed once its run has ended, with its comment; for a workflow on schedule. Nothing else is done in the step."
    },
    collectMaxRequests: {
        kind: 'integer',
        default: 300,
        min: 10,
        max: 5000,
        commands: ['collect'],
        description: "The most requests to the code host's API (GitHub's, GitLab's or Bitbucket's) one collect sends; on GitHub it also stops, with a notice, before the token's hourly rate limit is spent. What is left waits for the next collect."
    },
    skip: {
        kind: 'boolean',
        default: false,
        commands: ['skip'],
        frontEnds: ['action'],
        description: "Deploy nothing, and complete the check runs a deploy with these same inputs would have written, concluded skipped with {{skipReason}}: one per platform of {{expectedAppId}} (else of {{platform}}), named by {{checkName}}, {{environment}} and {{deploymentType}} as the deploy names them; for the job that runs when the deploy's does not, so that a required check resolves. A check run of that name already on the commit is left as it is. Sends nothing to the service; needs checks: write."
    },
    skipReason: {
        kind: 'text',
        default: 'Nothing to deploy: the workflow skipped the deploy for this commit.',
        commands: ['skip'],
        description: 'Why nothing was deployed, as each skipped check run or commit status says it.'
    },
    waitTimeoutMinutes: {
        kind: 'number',
        default: 60,
        min: 0,
        exclusiveMin: true,
        max: MAX_WAIT_TIMEOUT_MINUTES,
        commands: WAIT_OR_COLLECT,
        description: 'How long to wait for the verdict, in minutes (fractions allowed); at the timeout the verdict is timed-out and the run goes on at the service.'
    },
    pollIntervalSeconds: {
        kind: 'number',
        default: 30,
        min: 1,
        max: 600,
        commands: WAIT,
        env: { name: 'MOBILE_DEPLOY_POLL_INTERVAL_SECONDS', frontEnds: ['action', 'cli', 'library'] },
        description: 'Seconds between asks for the verdict (twice as long while the run is under review), default 30 or MOBILE_DEPLOY_POLL_INTERVAL_SECONDS; the first asks come sooner.'
    },
    runId: {
        kind: 'runIds',
        commands: ['wait'],
        description: `Wait for the verdict of this earlier run only (the runId of a deploy), or of several (the runIds of a deploy: separated by spaces, commas or lines), each judged with its own check run and comment row: no upload, no notification. Not with {{file}} or {{runInputPath}}.`
    },
    terminateEnvironment: {
        kind: 'boolean',
        default: false,
        commands: ['terminate'],
        frontEnds: ['action'],
        description: `End a preview environment and do nothing else; name it with exactly one of {{environmentId}}, {{environmentAlias}}, {{deploymentUrl}} or {{namePrefix}} (the deploy's, for its pull request's environment).`
    },
    environmentId: {
        kind: 'text',
        commands: ['terminate'],
        description: 'The environment to end, by its id (the environmentId of the deploy that made it).'
    },
    environmentAlias: {
        kind: 'text',
        commands: ['terminate'],
        description: 'The environment to end, by its alias.'
    }
};

;// CONCATENATED MODULE: ./src/core/shared/option-table.ts






/** The rows, by concern, in the order every table of them shows. */
const TABLE = {
    ...CONNECTION_OPTIONS,
    ...BUILD_OPTIONS,
    ...NOTIFICATION_OPTIONS,
    ...VERDICT_OPTIONS,
    ...REPORT_OPTIONS
};
/** The table, read by key: every entry as an {@link OptionSpec}. */
const OPTIONS = TABLE;
/** The keys in table order. */
const OPTION_KEYS = Object.keys(OPTIONS);

;// CONCATENATED MODULE: ./src/core/shared/option-refs.ts
/**
 * The options by their library names, and how the core's sentences refer to
 * them. A sentence never spells an option the way one front end does
 * ("Input 'file'", "--file", "Option 'file'"): it holds a reference, and the
 * front end's vocabulary renders it (options/vocabulary.ts) on the way out.
 */

const KNOWN = new Set(OPTION_KEYS);
function isOptionKey(value) {
    return KNOWN.has(value);
}
/** The option as a person types it: rendered `file`, `--file` or `file`. */
function ref(key) {
    return `{{${key}}}`;
}
/** The option as the subject of a sentence: rendered `Input 'file'`, `Flag --file` or `Option 'file'`. */
function subject(key) {
    return `{{${key}!}}`;
}
/** How to set the option to a value: rendered `notify: false`, `--notify=false` or `notify: false`. */
function setting(key, value) {
    return `{{${key}=${value}}}`;
}
/**
 * A clause that names the option, kept only where the front end offers it: rendered `words` and the
 * option's name (`, or the deploy's check-name`), or nothing where the front end has no such option.
 */
function whereOffered(key, words) {
    return `{{${key}?${words}}}`;
}
/** A reference in a text: the key, and `!` (subject), `=value` (setting) or `?words` (a clause where offered). */
const REFERENCE = /\{\{([A-Za-z]+)(?:(!)|=([^{}\n]{0,200})|\?([^{}\n]{0,200}))?\}\}/g;

;// CONCATENATED MODULE: ./src/core/shared/errors.ts


/**
 * Every error class of the core. A `DeployError`'s message is written for the
 * person who runs the deploy: what happened and what to do. Options are named
 * by reference, for the front end to render in its own words.
 */
class DeployError extends Error {
    name = 'DeployError';
}
/**
 * An option that cannot be used; the message names it, the problem and the
 * fix. A front end's own setting that is no option of the table (the CLI's
 * `--output-env`) is named as the front end spells it, and has no `option`.
 */
class InputError extends DeployError {
    name = 'InputError';
    option;
    constructor(option, problem, fix) {
        super(`${typeof option === 'string' ? subject(option) : option.named} ${problem}. ${fix}`);
        this.option = typeof option === 'string' ? option : undefined;
    }
}
/** A request that got no usable HTTP answer: refused, reset, timed out. Transient. */
class NetworkError extends (/* unused pure expression or super */ null && (DeployError)) {
    name = 'NetworkError';
}
/** The deploy was stopped: the caller's signal, Ctrl-C, or its own time limit. Never retried. */
class AbortedError extends DeployError {
    name = 'AbortedError';
}
/** The service or the store answered with a status that is not success. */
class HttpStatusError extends DeployError {
    status;
    retryAfterMs;
    name = 'HttpStatusError';
    constructor(message, status, 
    /** The wait the server asked for with Retry-After, in milliseconds. */
    retryAfterMs) {
        super(message);
        this.status = status;
        this.retryAfterMs = retryAfterMs;
    }
}
/** A PUT refused because its signed URL expired: worth another attempt with a fresh URL. */
class ExpiredUrlError extends (/* unused pure expression or super */ null && (DeployError)) {
    name = 'ExpiredUrlError';
}
/** A transient failure that lasted through every attempt the policy allowed. */
class RetriesExhaustedError extends DeployError {
    last;
    attempts;
    name = 'RetriesExhaustedError';
    constructor(last, attempts) {
        const lastMessage = messageOf(last).replace(/([^.])$/, '$1.');
        super(`${lastMessage} Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}.`);
        this.last = last;
        this.attempts = attempts;
    }
}
/** The service answered, but with a body that cannot be used. */
class ResponseError extends (/* unused pure expression or super */ null && (DeployError)) {
    name = 'ResponseError';
}
/** The file changed (or could not be read) while it was sent: never sent short or long. Permanent. */
class FileChangedError extends (/* unused pure expression or super */ null && (DeployError)) {
    name = 'FileChangedError';
}
/** Whether a thrown value is an Error, also one made in another realm (a VM context, a worker). */
function isError(thrown) {
    return thrown instanceof Error || external_node_util_namespaceObject.types.isNativeError(thrown);
}
/** The message of anything thrown, Error or not. */
function messageOf(thrown) {
    if (isError(thrown))
        return String(thrown.message);
    if (typeof thrown === 'string')
        return thrown;
    // An error of another realm (a DOMException an abort() made elsewhere) is no Error here, but says its words.
    const { message } = (thrown ?? {});
    if (typeof message === 'string')
        return message;
    try {
        return JSON.stringify(thrown) ?? String(thrown);
    }
    catch {
        return String(thrown);
    }
}

;// CONCATENATED MODULE: ./src/core/shared/text.ts
/**
 * The one formatter for text from outside (file and folder names, branch
 * names, the service's words, libraries' messages) on its way out of the
 * process. A GitHub runner obeys lines that begin with `::` (after white
 * space) or hold `##[` anywhere; a name with a line break could otherwise
 * start such a line (`::stop-commands::…` would then unmask every secret
 * after it). Characters that show nothing (zero-width, fillers, the soft
 * hyphen, tag characters) or reorder what follows (bidirectional controls)
 * would make a name read as another one, or hide words in it that a person
 * never sees: they are shown as escapes (`\u200b`, `\u{e0041}`).
 */
// Line breaks of any kind, every C0/C1 control and DEL.
const BREAKS_AND_CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';
/**
 * Characters that show nothing or reorder the text around them: every
 * default-ignorable code point and every format character of Unicode (the
 * soft hyphen, the combining grapheme joiner, the Arabic letter mark, the
 * Hangul and Khmer fillers, the Mongolian vowel separator and free
 * variation selectors, zero-width spaces and joiners, bidirectional marks,
 * embeddings, overrides and isolates, the word joiner and invisible
 * operators, the byte-order mark, interlinear annotation marks, shorthand
 * and hieroglyph format controls, musical formatting, the variation
 * selectors, and the tag characters, which can spell a hidden text after a
 * visible one), and the Braille blank, which is not one but shows nothing.
 */
const INVISIBLE_CLASS = '\\p{Default_Ignorable_Code_Point}\\p{Cf}\\u2800';
/**
 * An emoji's own presentation selector (the U+FE0F of `⚠️`), the one
 * variation selector a person sees as part of the character before it: kept.
 * A selector after anything else, or a run of them (how bytes are hidden in
 * selectors), is escaped.
 */
const NOT_PRESENTATION = '(?!(?<=\\p{Emoji})[\\ufe0e\\ufe0f])';
const INVISIBLES = `${NOT_PRESENTATION}[${INVISIBLE_CLASS}]`;
const UNPRINTABLE = new RegExp(`[${BREAKS_AND_CONTROLS}]|${INVISIBLES}`, 'gu');
const INVISIBLE = new RegExp(INVISIBLES, 'gu');
const BREAK_OR_CONTROL = new RegExp(`[${BREAKS_AND_CONTROLS}]`, 'gu');
// What JSON.stringify leaves as it is but a person would not see: written as \u escapes of its UTF-16 units.
const JSON_ESCAPED = new RegExp(`${INVISIBLES}|[\\u2028\\u2029]`, 'gu');
// What a name shown to people must not hold: a line break, a control, an invisible or reordering character, half a surrogate pair.
const HIDDEN = new RegExp(`[${BREAKS_AND_CONTROLS}]|${INVISIBLES}|\\p{Cs}`, 'u');
/** Pure: the first character of `text` that breaks the line, shows nothing, reorders the text or is half a character, as an escape a person can read (`\u202e`); undefined when none. */
function hiddenCharacterIn(text) {
    const found = HIDDEN.exec(text)?.[0];
    return found === undefined ? undefined : escaped(found);
}
/** One invisible character, a presentation selector too: the redaction looks through them inside a secret, as a person reading the text would. */
const INVISIBLE_CHARACTER = new RegExp(`[${INVISIBLE_CLASS}]`, 'u');
/** Pure: the text with every invisible character written as an escape a person can read (`\u200b`); line breaks and markup left to the caller. */
function showInvisible(text) {
    return text.replace(INVISIBLE, escaped);
}
const ESCAPES = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
// C0 controls, DEL and C1 controls: never valid in a name, a path or a header.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
function text_hasControlCharacter(value) {
    return CONTROL.test(value);
}
/** A character as an escape a person can read: `\n`, `\u200b`, `\u{e0041}`. */
function escaped(character) {
    const known = ESCAPES[character];
    if (known)
        return known;
    const code = character.codePointAt(0);
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}
/** The text on one line, with every unprintable or invisible character escaped and the runner's `##[` prefix broken. */
function sanitize(text) {
    return text.replace(UNPRINTABLE, escaped).replace(/##\[/g, '#\\u0023[');
}
/** A whole log line, sanitized; one that would begin a workflow command has its first colon escaped. */
function sanitizeLine(line) {
    return sanitize(line).replace(/^(\s*):(?=:)/, '$1\\u003a');
}
/**
 * JSON for a machine that may be watched by a person (`--json` on stdout,
 * which a runner also reads as its log): every value exact once parsed, and
 * every invisible character, line separator and `##[` written as a JSON
 * escape (`\u200b`, `\udb40\udc41`, `#\u0023[`), so that the text shows them
 * and a runner finds no command in it. JSON.stringify already escapes the
 * controls; these characters only ever stand inside strings.
 */
function sanitizeJson(value, indent) {
    const text = JSON.stringify(value, null, indent) ?? 'null';
    return text
        .replace(JSON_ESCAPED, character => character
        .split('')
        .map(unit => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .join(''))
        .replace(/##\[/g, '#\\u0023[');
}
/** At most `max` characters, never cutting a character of two UTF-16 units in half. */
function shorten(value, max) {
    if (value.length <= max)
        return value;
    const end = /[\ud800-\udbff]/.test(value.charAt(max - 1)) ? max - 1 : max;
    return `${value.slice(0, end)}…`;
}
/**
 * The most of one text from outside (the service's words, a bug's name, a
 * message GitHub answers, a header) that anything reads: a report shows a
 * line of at most a few hundred characters of it, and this leaves room for
 * the white space and invisible characters a line drops. A longer text is
 * cut to it where it comes in, before it is redacted, formatted or matched,
 * so that no reading of it costs more than this length's.
 */
const OUTSIDE_TEXT_MAX = 2_000;
/** Pure: a text from outside cut to what a report can show (see OUTSIDE_TEXT_MAX). */
function bounded(value) {
    return shorten(value, OUTSIDE_TEXT_MAX);
}
/**
 * Pure: `value` without the slashes it ends with. A loop, not `/\/+$/`,
 * which reads a run of slashes once from each of them when no end follows.
 */
function withoutTrailingSlashes(value) {
    let end = value.length;
    while (end > 0 && value.charCodeAt(end - 1) === 0x2f)
        end--;
    return value.slice(0, end);
}
/** A quote mark, or a character a message shows as an escape: a quoted value holding one is JSON-escaped. */
const NEEDS_ESCAPES = new RegExp(`["${BREAKS_AND_CONTROLS}\\ud800-\\udfff]|${INVISIBLES}`, 'u');
/**
 * A value quoted for a message, sanitized and short: as written (a Windows
 * path keeps its single backslashes, `"D:\builds\app.apk"`), unless it holds a
 * quote mark or a character shown as an escape; then JSON-escaped whole, so
 * that an escape is never read as the backslash of a path.
 */
function quote(value, max = 80) {
    const short = shorten(value, max);
    return sanitize(NEEDS_ESCAPES.test(short) ? JSON.stringify(short) : `"${short}"`);
}
/**
 * The service's words as one plain line: line breaks and controls become
 * spaces, invisible characters are removed (nothing hides in the line),
 * white space is collapsed, at most `max` characters.
 */
function oneLine(value, max = 300) {
    const line = value
        .replace(INVISIBLE, '')
        .replace(BREAK_OR_CONTROL, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    return shorten(line, max);
}

;// CONCATENATED MODULE: ./src/core/inspect/broken.ts


/**
 * A build that must not be uploaded: bad usage, refused before any request.
 * The message names the file, what it is instead, and what to do.
 */
class BrokenBuildError extends InputError {
    file;
    reason;
    found;
    fix;
    name = 'BrokenBuildError';
    constructor(
    /** The file's name. */
    file, reason, 
    /** What the file was found to be, as the message says it ("an HTML page", …). */
    found, 
    /** What to do, as the message ends. */
    fix) {
        super('file', `names ${quote(file)}, which is ${found}`, fix);
        this.file = file;
        this.reason = reason;
        this.found = found;
        this.fix = fix;
    }
}

;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_namespaceObject);
;// CONCATENATED MODULE: ./src/core/shared/name-rules.ts
/** Facts about names and paths that options, answers and uploads all check against. */


/** The service's file types, lower case with the dot (service spec 2.1). */
const ACCEPTED_EXTENSIONS = ['.apk', '.aab', '.deb', '.ipa', '.zip', '.csv', '.pdf'];
const MAX_PATH_LENGTH = 1024;
// Ids reach outputs, logs, the summary and a request's path: letters, digits and a few separators only,
// with a letter or digit among them (`.` and `..` would step out of the path they are put in).
const SAFE_ID = /^(?=[\w.:-]*[A-Za-z0-9])[\w.:-]{1,200}$/;
/** The accepted extension `name` ends with (lower case), or undefined. */
function acceptedExtension(name) {
    const lower = name.toLowerCase();
    return ACCEPTED_EXTENSIONS.find(ext => lower.endsWith(ext) && lower.length > ext.length);
}
/** A path with a `..` segment or a backslash: never sent to the service, never taken from it. */
function hasUnsafePath(path) {
    return path.includes('\\') || path.split('/').includes('..');
}
/**
 * Why `path` cannot be a destination in the workspace's storage, or undefined when it can.
 * The reason is phrased to follow "is not a valid destination: ".
 */
function destinationProblem(path) {
    if (path.length === 0)
        return 'it is empty';
    if (path.length > MAX_PATH_LENGTH)
        return `it is longer than ${MAX_PATH_LENGTH} characters`;
    if (hasControlCharacter(path))
        return 'it contains a control character';
    if (path.includes('\\'))
        return 'it contains a backslash; separate directories with /';
    if (path.startsWith('/'))
        return 'it starts with /; give a path relative to the storage root';
    const segments = path.split('/');
    if (segments.some(s => s === '..'))
        return 'it contains a .. segment';
    if (segments.some(s => s === '' || s === '.'))
        return 'it contains an empty or . segment';
    if (segments.some(s => s.trim() !== s))
        return 'a segment starts or ends with white space';
    if (!acceptedExtension(segments[segments.length - 1] ?? '')) {
        return `it does not end with a file name and one of ${ACCEPTED_EXTENSIONS.join(' ')}`;
    }
    return undefined;
}
/**
 * Why a path the service answered with cannot be used (it becomes an output
 * and the value of the run variable), or undefined when it can.
 */
function answeredPathProblem(path) {
    if (path.length > MAX_PATH_LENGTH)
        return `is longer than ${MAX_PATH_LENGTH} characters`;
    if (hasControlCharacter(path))
        return 'contains a control character';
    if (hasUnsafePath(path))
        return 'contains a .. segment or a backslash';
    return undefined;
}
/** An id as a string (the service may send strings or numbers); anything else, or an id with odd characters, is no id. */
function safeId(value) {
    const candidate = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    return typeof candidate === 'string' && SAFE_ID.test(candidate) ? candidate : undefined;
}
function isSafeId(value) {
    return SAFE_ID.test(value);
}
/** The longest link from outside kept: one longer is no link a person follows, and cut it would lead elsewhere. */
const MAX_URL_LENGTH = 2_048;
/** An http(s) URL as it was given, or undefined: a value from outside that becomes a link. */
function httpUrl(value) {
    if (typeof value !== 'string' || value.length > MAX_URL_LENGTH || hasControlCharacter(value))
        return undefined;
    const text = value.trim();
    if (!text || /\s/.test(text))
        return undefined;
    try {
        const url = new URL(text);
        return url.protocol === 'https:' || url.protocol === 'http:' ? text : undefined;
    }
    catch {
        return undefined;
    }
}
/** Whether a host is this machine: plain http is allowed only to it. */
function isLoopback(hostname) {
    const host = hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
/**
 * A local file's own name, by the rules of the machine it is on (a Windows
 * runner separates folders with \\ as well as /). `paths` is there for tests.
 */
function fileName(path, paths = nodePath) {
    return paths.basename(path);
}

;// CONCATENATED MODULE: ./src/core/shared/clock.ts

/** Waits `ms`, or until `signal` aborts: then it rejects at once with the reason as an `AbortedError`. */
function sleep(ms, signal) {
    if (signal?.aborted)
        return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
        const timer = setTimeout(done, Math.max(0, ms));
        function done() {
            signal?.removeEventListener('abort', stop);
            resolve();
        }
        function stop() {
            clearTimeout(timer);
            reject(abortError(signal));
        }
        signal?.addEventListener('abort', stop, { once: true });
    });
}
/** The system's clock: Date.now and timers. */
const systemClock = { now: () => Date.now(), sleep };
let current = systemClock;
/**
 * The one clock the product reads: the system's, unless a test replaced it
 * (one whose sleeps cost no real time, while sockets stay real).
 */
const clock = {
    now: () => current.now(),
    sleep: (ms, signal) => current.sleep(ms, signal)
};
/** Replaces the one clock; the returned function puts the previous one back. */
function replaceClock(replacement) {
    const previous = current;
    current = replacement;
    return () => {
        current = previous;
    };
}
/**
 * Why an aborted signal stopped the deploy, as an error that is never retried:
 * the core's own reason as it is (a time limit, a file that changed), anything else (a caller's `abort()`, a
 * DOMException) as a stop with its words.
 */
function abortError(signal) {
    const reason = signal.reason;
    if (reason instanceof DeployError)
        return reason;
    return new AbortedError(`The deploy was stopped before it finished${stopReason(signal)}.`);
}
/** Pure: ` (the job was canceled: SIGTERM)`, the stop's own words in brackets, or nothing for a bare abort(). */
function stopReason(signal) {
    const reason = signal?.reason;
    const text = reason === undefined ? '' : messageOf(reason);
    return text && !/aborted/i.test(text) ? ` (${text})` : '';
}

;// CONCATENATED MODULE: ./src/core/inspect/xml-tree.ts
/**
 * The one shape both of Android's compiled manifests read into: the binary
 * XML of an APK (axml.ts) and the protocol-buffer XML of an App Bundle
 * (proto-xml.ts). What the manifest says is then read once (android.ts).
 */
/** The Android namespace of every platform attribute. */
const ANDROID_NAMESPACE = 'http://schemas.android.com/apk/res/android';
/** A compiled XML document that cannot be read; the message says where and why. */
class XmlFormatError extends Error {
    name = 'XmlFormatError';
}

;// CONCATENATED MODULE: ./src/core/inspect/android.ts
/** What an Android manifest says about the app, read once for an APK's binary XML and a bundle's protocol buffers. */


// The platform attributes' resource ids (android.R.attr), the sure way to find them: an
// obfuscated manifest may blank their names but the resource map keeps them.
const ATTR = {
    debuggable: 0x0101000f,
    minSdkVersion: 0x0101020c,
    versionCode: 0x0101021b,
    versionName: 0x0101021c,
    targetSdkVersion: 0x01010270,
    versionCodeMajor: 0x01010576
};
/** A Java package name with at least two segments, as the platform requires of an app's package. */
function isPackageName(name) {
    const segments = name.split('.', 256);
    return segments.length >= 2 && segments.every(segment => /^[A-Za-z]\w*$/.test(segment));
}
/** The manifest's facts; a manifest that names no valid package is an `Error` saying so. */
function manifestFacts(root) {
    if (root.name !== 'manifest')
        throw new Error(`its root element is <${root.name}>, not <manifest>`);
    const packageValue = root.attributes.find(a => a.namespace === '' && a.name === 'package')?.value;
    if (packageValue?.kind !== 'string' || packageValue.value === '') {
        throw new Error('it names no package (<manifest package>)');
    }
    if (packageValue.value.length > 255 || !isPackageName(packageValue.value)) {
        throw new Error(`its package name ${JSON.stringify(packageValue.value.slice(0, 120))} is not a valid package name`);
    }
    const usesSdk = root.children.find(c => c.name === 'uses-sdk');
    const application = root.children.find(c => c.name === 'application');
    const debuggable = application && attribute(application, 'debuggable');
    return {
        appId: packageValue.value,
        appVersion: android_text(attribute(root, 'versionName')),
        buildNumber: versionCode(attribute(root, 'versionCode'), attribute(root, 'versionCodeMajor')),
        minSdk: usesSdk && sdkLevel(attribute(usesSdk, 'minSdkVersion')),
        targetSdk: usesSdk && sdkLevel(attribute(usesSdk, 'targetSdkVersion')),
        debuggable: debuggable?.kind === 'boolean' && debuggable.value
    };
}
function attribute(element, name) {
    const id = ATTR[name];
    return (element.attributes.find(a => a.resourceId === id) ??
        element.attributes.find(a => a.namespace === ANDROID_NAMESPACE && a.name === name))?.value;
}
function android_text(value) {
    if (value?.kind === 'string')
        return value.value;
    if (value?.kind === 'integer')
        return String(value.value);
    return undefined;
}
/** The long version code: `versionCodeMajor` is its high 32 bits (PackageInfo.getLongVersionCode). */
function versionCode(code, major) {
    const low = integer(code);
    if (low === undefined)
        return undefined;
    const high = integer(major) ?? 0;
    return BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low >>> 0)).toString();
}
/** An API level, or a preview's code name ("VanillaIceCream") as the manifest spells it. */
function sdkLevel(value) {
    const level = integer(value);
    if (level !== undefined)
        return String(level);
    return value?.kind === 'string' && value.value !== '' ? value.value : undefined;
}
function integer(value) {
    if (value?.kind === 'integer')
        return value.value;
    if (value?.kind === 'string' && /^-?\d{1,10}$/.test(value.value))
        return Number(value.value) | 0;
    return undefined;
}
/** A release build (not debuggable) that is not signed: no device installs it. */
function signingWarnings(name, debuggable, signatures) {
    if (debuggable || signatures.length > 0)
        return [];
    return [
        {
            code: 'unsigned-release',
            message: `${quote(name)} is a release build (not debuggable) that is not signed: no device installs it until it is signed (apksigner, or a signingConfig in Gradle).`
        }
    ];
}

;// CONCATENATED MODULE: ./src/core/inspect/budget.ts
/**
 * What reading one build's descriptors may cost, whatever they claim: a
 * count of the things decoded (elements, attributes, plist objects and the
 * references to them), of the characters decoded, and a time limit. Every
 * reader of a descriptor spends from the one budget its build was given, so
 * a hostile manifest, Info.plist or profile ends in a refusal within a
 * bounded time and memory, never in a hang or a crash; a real build spends
 * a small part of it (a large app's manifest has a few thousand elements and
 * attributes, an Info.plist a few hundred objects).
 *
 * The readers are synchronous, so the time limit is read from the system's
 * clock as they go (every few thousand things), not from a timer, which
 * could not fire until they returned.
 */
const READ_LIMITS = {
    things: 200_000,
    characters: 4_000_000,
    milliseconds: 3_000,
    depth: 64
};
/** A descriptor that would cost more than a real one does; the message says which limit. */
class ReadLimitError extends Error {
    name = 'ReadLimitError';
}
/** How often (in things) the clock is read. */
const CLOCK_EVERY = 4096;
class ReadBudget {
    limits;
    now;
    things = 0;
    characters = 0;
    nextLook = CLOCK_EVERY;
    deadline;
    constructor(limits = READ_LIMITS, now = () => performance.now()) {
        this.limits = limits;
        this.now = now;
        this.deadline = now() + limits.milliseconds;
    }
    /** Spends `count` things (elements, attributes, objects, references). */
    thing(count = 1) {
        this.things += count;
        if (this.things > this.limits.things)
            throw new ReadLimitError(`it holds more than ${this.limits.things} elements, attributes or values, far more than a real one`);
        if (this.things >= this.nextLook) {
            this.nextLook = this.things + CLOCK_EVERY;
            this.checkTime();
        }
    }
    /** Spends `count` characters of decoded text; checked before the text is made. */
    text(count) {
        this.characters += count;
        if (this.characters > this.limits.characters)
            throw new ReadLimitError(`it holds more than ${this.limits.characters} characters of text, far more than a real one`);
    }
    /** Refuses a nesting deeper than the limit. */
    depth(depth) {
        if (depth > this.limits.depth)
            throw new ReadLimitError(`it nests deeper than ${this.limits.depth} levels`);
    }
    checkTime() {
        if (this.now() > this.deadline)
            throw new ReadLimitError(`reading it took longer than ${this.limits.milliseconds / 1000} s, far longer than a real one`);
    }
}

;// CONCATENATED MODULE: ./src/core/inspect/axml.ts
/**
 * Android's binary XML (the `AndroidManifest.xml` inside an APK, compiled
 * resources under `res/`), read into an element tree. The format is the one
 * of the platform's `ResourceTypes.h`: a chunk of type RES_XML_TYPE holding a
 * string pool (UTF-8 or UTF-16), an optional resource map (the resource id of
 * each attribute name, by string index) and the nodes in document order.
 *
 * No maintained npm package reads it on its own with bounds on hostile input
 * (adbkit-apkreader is archived, app-info-parser reads the whole archive with
 * its own unzipper, apk-parser3 runs a bundled aapt binary): this is the part
 * a manifest needs. Every offset and length is checked against the chunk it
 * lies in; text nodes are skipped. Every chunk, element and attribute, and
 * every character decoded, is spent from the build's one budget; a string is
 * decoded once however many indexes lead to its bytes.
 */


// Chunk types (ResourceTypes.h, ResChunk_header.type).
const RES_STRING_POOL_TYPE = 0x0001;
const RES_XML_TYPE = 0x0003;
const RES_XML_START_NAMESPACE_TYPE = 0x0100;
const RES_XML_START_ELEMENT_TYPE = 0x0102;
const RES_XML_END_ELEMENT_TYPE = 0x0103;
const RES_XML_RESOURCE_MAP_TYPE = 0x0180;
// Res_value.dataType.
const TYPE_REFERENCE = 0x01;
const TYPE_STRING = 0x03;
const TYPE_DYNAMIC_REFERENCE = 0x07;
const TYPE_INT_DEC = 0x10;
const TYPE_INT_HEX = 0x11;
const TYPE_INT_BOOLEAN = 0x12;
const UTF8_FLAG = 0x100;
const NO_INDEX = 0xffffffff;
const CHUNK_HEADER = 8;
// ResXMLTree_node: the chunk header, lineNumber, comment.
const NODE_HEADER = 16;
// ResXMLTree_attribute: ns, name, rawValue, Res_value { size, res0, dataType, data }.
const ATTRIBUTE_SIZE = 20;
/** Reads a binary XML document into its root element. */
function readBinaryXml(data, budget = new ReadBudget()) {
    const { documentHeader, documentEnd } = documentBounds(data);
    let strings;
    let resourceIds = () => 0;
    const stack = [];
    let root;
    for (let at = documentHeader; at + CHUNK_HEADER <= documentEnd;) {
        budget.thing();
        const type = data.readUInt16LE(at);
        const headerSize = data.readUInt16LE(at + 2);
        const size = data.readUInt32LE(at + 4);
        if (headerSize < CHUNK_HEADER || size < headerSize || at + size > documentEnd) {
            fail(`a chunk of type 0x${type.toString(16)} overruns the document`, at);
        }
        const chunk = data.subarray(at, at + size);
        switch (type) {
            case RES_STRING_POOL_TYPE:
                strings ??= readStringPool(chunk, at, budget);
                break;
            case RES_XML_RESOURCE_MAP_TYPE:
                resourceIds = resourceMap(chunk, headerSize);
                break;
            case RES_XML_START_NAMESPACE_TYPE:
                // Namespaces are named on each element and attribute; the node itself tells nothing more.
                if (headerSize < NODE_HEADER || headerSize + 8 > size)
                    fail('a namespace node too short', at);
                break;
            case RES_XML_START_ELEMENT_TYPE: {
                if (!strings)
                    fail('an element before the string pool', at);
                budget.depth(stack.length + 1);
                const element = readElement(chunk, headerSize, strings, resourceIds, at, budget);
                const parent = stack[stack.length - 1];
                if (parent)
                    parent.children.push(element);
                else if (root)
                    fail('a second root element', at);
                else
                    root = element;
                stack.push(element);
                break;
            }
            case RES_XML_END_ELEMENT_TYPE:
                if (!stack.pop())
                    fail('an element closed that was never opened', at);
                break;
            // Text (RES_XML_CDATA_TYPE) and chunks this reader does not know: skipped whole.
        }
        at += size;
    }
    if (!root)
        fail('no element', documentHeader);
    return root;
}
/** Where the document's chunks begin and end, from its own header. */
function documentBounds(data) {
    if (data.length < CHUNK_HEADER)
        fail('too short for a binary XML header', 0);
    if (data.readUInt16LE(0) !== RES_XML_TYPE)
        fail(`not binary XML: the first chunk is of type 0x${data.readUInt16LE(0).toString(16)}`, 0);
    const documentHeader = data.readUInt16LE(2);
    const documentEnd = Math.min(data.readUInt32LE(4), data.length);
    if (documentHeader < CHUNK_HEADER || documentHeader > documentEnd)
        fail('a bad document header', 0);
    return { documentHeader, documentEnd };
}
function fail(what, at) {
    throw new XmlFormatError(`${what} (at byte ${at})`);
}
function resourceMap(chunk, headerSize) {
    const count = Math.floor((chunk.length - headerSize) / 4);
    return index => (index < count ? chunk.readUInt32LE(headerSize + index * 4) : 0);
}
function readElement(chunk, headerSize, strings, resourceIds, at, budget) {
    // ResXMLTree_attrExt after the node header: ns, name, attributeStart, attributeSize, attributeCount, …
    const ext = headerSize;
    if (ext < NODE_HEADER || ext + 20 > chunk.length)
        throw new XmlFormatError(`an element node too short (at byte ${at})`);
    const attributeStart = chunk.readUInt16LE(ext + 8);
    const attributeSize = chunk.readUInt16LE(ext + 10);
    const attributeCount = chunk.readUInt16LE(ext + 12);
    if (attributeCount > 0 && attributeSize < ATTRIBUTE_SIZE) {
        throw new XmlFormatError(`attributes of ${attributeSize} bytes, fewer than ${ATTRIBUTE_SIZE} (at byte ${at})`);
    }
    if (ext + attributeStart + attributeCount * attributeSize > chunk.length) {
        throw new XmlFormatError(`attributes overrun their element (at byte ${at})`);
    }
    budget.thing(1 + attributeCount);
    const attributes = [];
    for (let i = 0; i < attributeCount; i++) {
        const a = ext + attributeStart + i * attributeSize;
        const nameIndex = chunk.readUInt32LE(a + 4);
        const rawValue = chunk.readUInt32LE(a + 8);
        const dataType = chunk.readUInt8(a + 15);
        const valueData = chunk.readUInt32LE(a + 16);
        attributes.push({
            namespace: strings.optional(chunk.readUInt32LE(a)),
            name: strings.optional(nameIndex),
            resourceId: resourceIds(nameIndex),
            value: axml_valueOf(dataType, valueData, rawValue, strings)
        });
    }
    return {
        namespace: strings.optional(chunk.readUInt32LE(ext)),
        name: strings.get(chunk.readUInt32LE(ext + 4)),
        attributes,
        children: []
    };
}
function axml_valueOf(type, data, rawValue, strings) {
    switch (type) {
        case TYPE_STRING:
            return { kind: 'string', value: strings.get(data) };
        case TYPE_INT_DEC:
        case TYPE_INT_HEX:
            return { kind: 'integer', value: data | 0 };
        case TYPE_INT_BOOLEAN:
            return { kind: 'boolean', value: data !== 0 };
        case TYPE_REFERENCE:
        case TYPE_DYNAMIC_REFERENCE:
            return { kind: 'reference', id: data };
        default:
            // Uncompiled attributes (aapt keeps some as raw strings with no typed value).
            if (type === 0 && rawValue !== NO_INDEX)
                return { kind: 'string', value: strings.get(rawValue) };
            return { kind: 'other', type, data };
    }
}
/** ResStringPool_header: chunk header, stringCount, styleCount, flags, stringsStart, stylesStart. */
function readStringPool(chunk, at, budget) {
    const fail = (what) => {
        throw new XmlFormatError(`${what} in the string pool (at byte ${at})`);
    };
    if (chunk.length < 28)
        fail('a header too short');
    const headerSize = chunk.readUInt16LE(2);
    const count = chunk.readUInt32LE(8);
    const utf8 = (chunk.readUInt32LE(16) & UTF8_FLAG) !== 0;
    const stringsStart = chunk.readUInt32LE(20);
    if (headerSize + count * 4 > chunk.length)
        fail(`${count} offsets that overrun the pool`);
    if (stringsStart > chunk.length)
        fail('strings that start past the pool');
    // By where a string's bytes start: indexes that share them share one decoded string.
    const cache = new Map();
    const decode = (start) => {
        if (utf8) {
            // Two lengths, each one byte or two (high bit set): UTF-16 units, then UTF-8 bytes.
            let p = start;
            const length = () => {
                if (p >= chunk.length)
                    fail(`a string at byte ${start} past the pool's end`);
                const first = chunk[p++];
                if ((first & 0x80) === 0)
                    return first;
                if (p >= chunk.length)
                    fail(`a string at byte ${start} past the pool's end`);
                return ((first & 0x7f) << 8) | chunk[p++];
            };
            length();
            const bytes = length();
            if (p + bytes > chunk.length)
                fail(`a string at byte ${start} past the pool's end`);
            budget.text(bytes);
            return decodeUtf8(chunk.subarray(p, p + bytes));
        }
        // One length in UTF-16 units, one unit or two (high bit set), then the units.
        if (start + 2 > chunk.length)
            fail(`a string at byte ${start} past the pool's end`);
        let units = chunk.readUInt16LE(start);
        let p = start + 2;
        if (units & 0x8000) {
            if (p + 2 > chunk.length)
                fail(`a string at byte ${start} past the pool's end`);
            units = ((units & 0x7fff) << 16) | chunk.readUInt16LE(p);
            p += 2;
        }
        if (p + units * 2 > chunk.length)
            fail(`a string at byte ${start} past the pool's end`);
        budget.text(units);
        return chunk.toString('utf16le', p, p + units * 2);
    };
    const get = (index) => {
        if (index >= count)
            fail(`index ${index} of ${count} strings`);
        const start = stringsStart + chunk.readUInt32LE(headerSize + index * 4);
        let value = cache.get(start);
        if (value === undefined) {
            value = decode(start);
            cache.set(start, value);
        }
        return value;
    };
    return { get, optional: index => (index === NO_INDEX ? '' : get(index)) };
}
/**
 * UTF-8 as aapt2 writes it: a character beyond the Basic Multilingual Plane
 * is two UTF-16 surrogates encoded one by one (3 bytes each, as CESU-8 does),
 * which a strict UTF-8 decoder replaces with U+FFFD. Surrogates are encoded
 * with a lead byte of 0xED, so text without one is plain UTF-8.
 */
function decodeUtf8(bytes) {
    if (!bytes.includes(0xed))
        return bytes.toString('utf8');
    // Never more units than bytes: two bytes of memory per byte, whatever the text.
    const units = new Uint16Array(bytes.length + 1);
    let n = 0;
    const continuation = (i) => (bytes[i] ?? 0) & 0x3f;
    for (let i = 0; i < bytes.length;) {
        const b = bytes[i];
        if (b < 0x80) {
            units[n++] = b;
            i += 1;
        }
        else if ((b & 0xe0) === 0xc0) {
            units[n++] = ((b & 0x1f) << 6) | continuation(i + 1);
            i += 2;
        }
        else if ((b & 0xf0) === 0xe0) {
            units[n++] = ((b & 0x0f) << 12) | (continuation(i + 1) << 6) | continuation(i + 2);
            i += 3;
        }
        else if ((b & 0xf8) === 0xf0) {
            const point = (((b & 0x07) << 18) |
                (continuation(i + 1) << 12) |
                (continuation(i + 2) << 6) |
                continuation(i + 3)) -
                0x10000;
            units[n++] = 0xd800 + (point >> 10);
            units[n++] = 0xdc00 + (point & 0x3ff);
            i += 4;
        }
        else {
            units[n++] = 0xfffd;
            i += 1;
        }
    }
    let text = '';
    for (let i = 0; i < n; i += 4096)
        text += String.fromCharCode(...units.subarray(i, Math.min(i + 4096, n)));
    return text;
}

;// CONCATENATED MODULE: ./src/core/inspect/caps.ts
/**
 * What a build says, cut to lengths a person reads before it leaves the
 * reader: a version is not a novel, and every value here reaches outputs,
 * the job summary, the check run, the comment and JUnit, each with limits
 * of its own (GitHub's 1 MiB summary, 1 MiB of outputs per job). A value cut
 * ends in `…` and the build gets a warning naming it; the app id is checked
 * where it is read (a valid one is at most 255 characters).
 */

/** The longest version or build number kept whole. */
const MAX_VERSION_LENGTH = 100;
/** The longest short value (an SDK level, a team id, a profile's name) kept whole. */
const MAX_SHORT_LENGTH = 64;
/** The facts with each value from the build at most its length, and a warning per value cut. */
function cappedFacts(facts, name) {
    if (!facts.platform)
        return facts;
    const warnings = [];
    const cap = (what, value, max) => {
        if (value === undefined || value.length <= max)
            return value;
        warnings.push({
            code: 'long-value',
            message: `The ${what} of ${quote(name)} is ${value.length} characters long; only its first ${max} are shown and handed on.`
        });
        return shorten(value, max);
    };
    const common = {
        appVersion: cap('version', facts.appVersion, MAX_VERSION_LENGTH),
        buildNumber: cap('build number', facts.buildNumber, MAX_VERSION_LENGTH)
    };
    if (facts.platform === 'android')
        return {
            ...facts,
            ...common,
            minSdk: cap('minimum SDK', facts.minSdk, MAX_SHORT_LENGTH),
            targetSdk: cap('target SDK', facts.targetSdk, MAX_SHORT_LENGTH),
            warnings: [...facts.warnings, ...warnings]
        };
    const profile = facts.profile && {
        ...facts.profile,
        name: cap('provisioning profile’s name', facts.profile.name, MAX_SHORT_LENGTH),
        teamId: cap('team id', facts.profile.teamId, MAX_SHORT_LENGTH)
    };
    return {
        ...facts,
        ...common,
        minimumOs: cap('minimum OS', facts.minimumOs, MAX_SHORT_LENGTH),
        sdk: cap('SDK', facts.sdk, MAX_SHORT_LENGTH),
        profile,
        warnings: [...facts.warnings, ...warnings]
    };
}

;// CONCATENATED MODULE: ./src/core/inspect/content.ts
/**
 * What a file is, from its first bytes: the checks of the types that carry
 * no manifest (.deb, .pdf, .csv, a zip's start), and the words for what a
 * build was found to be instead ("an HTML page", "a Git LFS pointer", …).
 */

/** How much of the start of a file is read to tell what it is. */
const HEAD_BYTES = 4096;
const ZIP_LOCAL_HEADER = Buffer.from('PK\x03\x04', 'latin1');
const ZIP_EMPTY = Buffer.from('PK\x05\x06', 'latin1');
/** A zip archive starts with a local file header, or, with no entries, with its end record. */
function startsLikeZip(head) {
    const start = head.subarray(0, 4);
    return start.equals(ZIP_LOCAL_HEADER) || start.equals(ZIP_EMPTY);
}
/** A Debian package: an ar archive whose first member is `debian-binary` (as dpkg-deb requires). */
function isDebianPackage(head) {
    return (head.subarray(0, 8).toString('latin1') === '!<arch>\n' &&
        /^debian-binary\/? *$/.test(head.subarray(8, 24).toString('latin1')));
}
/** A PDF: its header within the first 1024 bytes, where readers look for it (Adobe's implementation notes). */
function isPdf(head) {
    return head.subarray(0, 1024).includes('%PDF-');
}
/** Text: no NUL byte in the first 4 KiB, and not a page or a document of another kind. */
function isPlainText(head) {
    return !head.includes(0) && !isHtml(head) && !isPdf(head);
}
/** The file's start read as text, without a byte order mark or leading white space. */
function leadingText(head) {
    return head
        .subarray(0, 1024)
        .toString('utf8')
        .replace(/^\ufeff/, '')
        .trimStart();
}
/** A page: its first element (after any comments) is a doctype of html, or <html>, <head> or <body>. */
function isHtml(head) {
    let text = leadingText(head);
    // Comments are skipped by a loop, not by a repeated group: a pattern that repeats one
    // can backtrack over a stranger's run of comments for long.
    while (text.startsWith('<!--')) {
        const end = text.indexOf('-->', 4);
        if (end < 0)
            return false;
        text = text.slice(end + 3).trimStart();
    }
    return /^<(?:!doctype\s+html|html|head|body)[\s>]/i.test(text);
}
// Formats a build is commonly mistaken for, by their first bytes.
const SIGNATURES = [
    { bytes: Buffer.from('PK\x03\x04', 'latin1'), is: 'a zip archive' },
    { bytes: Buffer.from([0x1f, 0x8b]), is: 'a gzip-compressed file' },
    { bytes: Buffer.from('BZh', 'latin1'), is: 'a bzip2-compressed file' },
    { bytes: Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), is: 'an xz-compressed file' },
    { bytes: Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), is: 'a zstd-compressed file' },
    { bytes: Buffer.from('7z\xbc\xaf\x27\x1c', 'latin1'), is: 'a 7-Zip archive' },
    { bytes: Buffer.from('Rar!\x1a\x07', 'latin1'), is: 'a RAR archive' },
    { bytes: Buffer.from('ustar', 'latin1'), offset: 257, is: 'a tar archive' },
    { bytes: Buffer.from('!<arch>\n', 'latin1'), is: 'an ar archive' },
    { bytes: Buffer.from('%PDF-', 'latin1'), is: 'a PDF document' },
    { bytes: Buffer.from('\x7fELF', 'latin1'), is: 'an ELF executable or library' },
    { bytes: Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), is: 'a Mach-O executable' },
    { bytes: Buffer.from([0xca, 0xfe, 0xba, 0xbe]), is: 'a universal Mach-O binary or a Java class' },
    { bytes: Buffer.from('dex\n', 'latin1'), is: 'a Dalvik executable (.dex)' },
    { bytes: Buffer.from('bplist00', 'latin1'), is: 'a binary property list' },
    { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]), is: 'a PNG image' },
    { bytes: Buffer.from([0xff, 0xd8, 0xff]), is: 'a JPEG image' }
];
/**
 * What the file is, in words that follow "which is": "an HTML page (titled
 * "Sign in")", "a Git LFS pointer, not the file it points to", "text
 * beginning "Not Found"", "binary data beginning 00 01 02 …".
 */
function describeContent(head, size) {
    if (size === 0)
        return 'empty (0 bytes)';
    for (const { bytes, offset = 0, is } of SIGNATURES) {
        if (head.subarray(offset, offset + bytes.length).equals(bytes))
            return is;
    }
    const text = leadingText(head);
    if (isHtml(head)) {
        const title = /<title[^>]*>([^<]{1,200})</i.exec(head.toString('utf8'))?.[1]?.trim();
        return title ? `an HTML page (titled ${quote(title, 60)})` : 'an HTML page';
    }
    if (text.startsWith('version https://git-lfs.github.com/spec/')) {
        return 'a Git LFS pointer, not the file it points to';
    }
    if (text.startsWith('<?xml'))
        return 'an XML document';
    if (!head.includes(0)) {
        const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
        return firstLine ? `text beginning ${quote(firstLine, 60)}` : 'blank text';
    }
    const bytes = [...head.subarray(0, 8)].map(b => b.toString(16).padStart(2, '0')).join(' ');
    return `binary data beginning ${bytes}`;
}
/**
 * What each accepted type's first bytes must be, and the format of a type
 * that carries no manifest (the rest are zips, read further).
 */
const CONTENT_KINDS = {
    '.deb': { test: isDebianPackage, format: 'deb' },
    '.pdf': { test: isPdf, format: 'pdf' },
    '.csv': { test: isPlainText, format: 'csv' },
    '.apk': { test: startsLikeZip },
    '.aab': { test: startsLikeZip },
    '.ipa': { test: startsLikeZip },
    '.zip': { test: startsLikeZip }
};

;// CONCATENATED MODULE: ./src/core/inspect/ios.ts
/** What an app bundle's Info.plist and its embedded provisioning profile say. */

// Apple's rule for a bundle id is letters, digits, hyphens and periods; underscores are let
// through, as some toolchains write them into simulator builds.
const BUNDLE_ID = /^[A-Za-z0-9._-]{1,255}$/;
/** The Info.plist's facts; one without a usable `CFBundleIdentifier` is an `Error` saying so. */
function infoFacts(info) {
    const appId = string(info.CFBundleIdentifier);
    if (appId === undefined)
        throw new Error('it has no CFBundleIdentifier');
    if (!BUNDLE_ID.test(appId)) {
        throw new Error(`its CFBundleIdentifier ${JSON.stringify(appId.slice(0, 120))} is not a valid bundle id`);
    }
    const sdk = string(info.DTPlatformName);
    const supported = Array.isArray(info.CFBundleSupportedPlatforms)
        ? info.CFBundleSupportedPlatforms.filter((p) => typeof p === 'string')
        : [];
    // The SDK it was built with says it; the supported platforms say it for builds without DTPlatformName.
    const simulator = sdk
        ? /simulator$/i.test(sdk)
        : supported.length > 0 && supported.every(p => /simulator$/i.test(p));
    return {
        appId,
        appVersion: string(info.CFBundleShortVersionString),
        buildNumber: string(info.CFBundleVersion),
        minimumOs: string(info.MinimumOSVersion) ?? string(info.LSMinimumSystemVersion),
        target: simulator ? 'simulator' : 'device',
        sdk
    };
}
/**
 * The profile's kind, by the rule Xcode and the developer portal follow: a
 * profile for all devices is an enterprise (in-house) one; one with listed
 * devices is a development profile when it lets a debugger attach
 * (`get-task-allow`), ad hoc when not; one with neither is for the App Store.
 */
function profileFacts(profile, now) {
    const entitlements = isDictionary(profile.Entitlements) ? profile.Entitlements : {};
    const devices = Array.isArray(profile.ProvisionedDevices) && profile.ProvisionedDevices.length > 0;
    let kind;
    if (profile.ProvisionsAllDevices === true)
        kind = 'enterprise';
    else if (devices)
        kind = entitlements['get-task-allow'] === true ? 'development' : 'ad-hoc';
    else
        kind = 'app-store';
    const expires = profile.ExpirationDate instanceof Date ? profile.ExpirationDate : undefined;
    const teams = Array.isArray(profile.TeamIdentifier) ? profile.TeamIdentifier : [];
    return {
        kind,
        name: string(profile.Name),
        teamId: string(teams[0]),
        expires,
        expired: expires !== undefined && expires.getTime() <= now.getTime()
    };
}
function string(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}
function isDictionary(value) {
    return (typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date));
}
/** A provisioning profile past its expiry: no device installs the app. */
function profileWarnings(name, profile) {
    if (!profile?.expired)
        return [];
    return [
        {
            code: 'expired-profile',
            message: `The provisioning profile of ${quote(name)}${profile.name ? ` (${quote(profile.name)})` : ''} expired on ${profile.expires.toISOString().slice(0, 10)}: no device installs the app until it is signed with a current profile.`
        }
    ];
}

;// CONCATENATED MODULE: ./src/core/inspect/plist-xml.ts
/** An XML property list that cannot be read; the message says where. */
class PlistFormatError extends Error {
    name = 'PlistFormatError';
}
const ENTITIES = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const SPACE = /[ \t\r\n]*/y;
/** An attribute's `= "value"` or `= 'value'`, after its name. */
const ATTRIBUTE_VALUE = /[ \t\r\n]*=[ \t\r\n]*(?:"[^"<]*"|'[^'<]*')/y;
/**
 * The numbers a property list may hold. Each pattern is linear (no two
 * quantifiers that can trade characters) and sees at most MAX_NUMBER
 * characters: a number longer than any double's text is refused unread.
 */
const INTEGER = /^[+-]?(?:\d+|0x[\da-f]+)$/i;
const REAL = /^[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?|nan|inf(?:inity)?)$/i;
const MAX_NUMBER = 64;
/** Reads the text of an XML plist into its root value: objects for `dict` (no prototype), arrays, strings, numbers, booleans, Dates, Buffers. */
function readXmlPlist(text, budget) {
    return new XmlPlistReader(text, budget).document();
}
class XmlPlistReader {
    text;
    budget;
    at = 0;
    constructor(text, budget) {
        this.text = text;
        this.budget = budget;
    }
    document() {
        this.misc();
        const first = this.tag();
        let root;
        if (first.name === 'plist' && !first.closing) {
            if (first.empty)
                throw this.fail('an empty <plist/>');
            this.misc();
            root = this.value(this.tag(), 1);
            this.misc();
            this.close(this.tag(), 'plist');
        }
        else {
            root = this.value(first, 1);
        }
        this.misc();
        if (this.at < this.text.length)
            throw this.fail('something after the property list');
        return root;
    }
    /** One value, its start tag read. */
    value(tag, depth) {
        this.budget.depth(depth);
        this.budget.thing();
        if (tag.closing)
            throw this.fail(`an end tag </${tag.name}> where a value belongs`);
        switch (tag.name) {
            case 'dict':
                return tag.empty ? Object.create(null) : this.dict(depth);
            case 'array':
                return tag.empty ? [] : this.array(depth);
            case 'true':
            case 'false':
                if (!tag.empty)
                    this.close(this.tag(), tag.name);
                return tag.name === 'true';
            case 'string':
                return this.content(tag);
            case 'integer':
                return this.number(this.content(tag), INTEGER, 'integer');
            case 'real':
                return this.number(this.content(tag), REAL, 'real');
            case 'date': {
                const date = new Date(this.content(tag).trim());
                if (Number.isNaN(date.getTime()))
                    throw this.fail('a <date> that is no date');
                return date;
            }
            case 'data': {
                const base64 = this.content(tag).replace(/[ \t\r\n]/g, '');
                if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64))
                    throw this.fail('<data> that is not base64');
                return Buffer.from(base64, 'base64');
            }
            default:
                throw this.fail(`an element <${tag.name.slice(0, 20)}> that no property list has`);
        }
    }
    dict(depth) {
        const dict = Object.create(null);
        for (;;) {
            this.misc();
            const tag = this.tag();
            if (tag.closing) {
                this.close(tag, 'dict');
                return dict;
            }
            if (tag.name !== 'key')
                throw this.fail(`<${tag.name.slice(0, 20)}> where a <key> belongs`);
            this.budget.thing();
            const key = this.content(tag);
            this.misc();
            dict[key] = this.value(this.tag(), depth + 1);
        }
    }
    array(depth) {
        const array = [];
        for (;;) {
            this.misc();
            const tag = this.tag();
            if (tag.closing) {
                this.close(tag, 'array');
                return array;
            }
            array.push(this.value(tag, depth + 1));
        }
    }
    number(text, shape, what) {
        const trimmed = text.trim();
        if (trimmed.length > MAX_NUMBER)
            throw this.fail(`an <${what}> longer than ${MAX_NUMBER} characters`);
        if (!shape.test(trimmed))
            throw this.fail(`an <${what}> that is no number`);
        return /^[+-]?0x/i.test(trimmed)
            ? Number.parseInt(trimmed.replace(/0x/i, ''), 16) * (trimmed.startsWith('-') ? -1 : 1)
            : Number(/^[+-]?inf/i.test(trimmed) ? trimmed.replace(/inf(inity)?/i, 'Infinity') : trimmed);
    }
    /** The text of an element of text (empty for `<x/>`), up to its end tag. */
    content(tag) {
        if (tag.empty)
            return '';
        let value = '';
        for (;;) {
            const next = this.text.indexOf('<', this.at);
            if (next < 0)
                throw this.fail(`<${tag.name}> never closed`);
            value += this.characters(this.text.slice(this.at, next));
            this.at = next;
            if (this.text.startsWith('<![CDATA[', next)) {
                const end = this.text.indexOf(']]>', next + 9);
                if (end < 0)
                    throw this.fail('a CDATA section never closed');
                this.budget.text(end - next - 9);
                value += this.text.slice(next + 9, end);
                this.at = end + 3;
            }
            else if (this.text.startsWith('<!--', next) || this.text.startsWith('<?', next)) {
                this.misc();
            }
            else {
                this.close(this.tag(), tag.name);
                return value;
            }
        }
    }
    /** Character data with its entities and references replaced. */
    characters(raw) {
        this.budget.text(raw.length);
        if (!raw.includes('&'))
            return raw;
        return raw.replace(/&([^;]{0,10});?/g, (whole, name) => {
            if (!whole.endsWith(';'))
                throw this.fail('an & that starts no entity');
            const known = ENTITIES[name];
            if (known !== undefined)
                return known;
            const code = /^#x[0-9a-f]{1,6}$/i.test(name)
                ? Number.parseInt(name.slice(2), 16)
                : /^#\d{1,7}$/.test(name)
                    ? Number(name.slice(1))
                    : -1;
            if (code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
                throw this.fail('an entity that is not one of XML’s own');
            return String.fromCodePoint(code);
        });
    }
    /** Skips white space, comments, processing instructions and the document type. */
    misc() {
        for (;;) {
            SPACE.lastIndex = this.at;
            SPACE.exec(this.text);
            this.at = SPACE.lastIndex;
            const skip = (start, end) => {
                if (!this.text.startsWith(start, this.at))
                    return false;
                const close = this.text.indexOf(end, this.at + start.length);
                if (close < 0)
                    throw this.fail(`${start} never closed`);
                this.at = close + end.length;
                return true;
            };
            if (this.text.startsWith('<!DOCTYPE', this.at)) {
                const close = this.text.indexOf('>', this.at);
                // An internal subset could declare entities: a property list has none.
                if (close < 0 || this.text.slice(this.at, close).includes('['))
                    throw this.fail('a document type this reader does not take');
                this.at = close + 1;
            }
            else if (!skip('<!--', '-->') && !skip('<?', '?>')) {
                return;
            }
        }
    }
    /** A tag: `<name attributes>`, `<name/>` or `</name>`; attributes are read past, never used. */
    tag() {
        if (this.text[this.at] !== '<')
            throw this.fail('text where an element belongs');
        const closing = this.text[this.at + 1] === '/';
        NAME.lastIndex = this.at + (closing ? 2 : 1);
        const match = NAME.exec(this.text);
        if (!match)
            throw this.fail('a malformed tag');
        this.at = NAME.lastIndex;
        // Attributes are read one by one in a loop: one pattern repeating them could backtrack.
        for (;;) {
            SPACE.lastIndex = this.at;
            SPACE.exec(this.text);
            this.at = SPACE.lastIndex;
            if (this.text.startsWith('>', this.at) || this.text.startsWith('/>', this.at))
                break;
            NAME.lastIndex = this.at;
            ATTRIBUTE_VALUE.lastIndex = NAME.exec(this.text) ? NAME.lastIndex : -1;
            if (closing || ATTRIBUTE_VALUE.lastIndex < 0 || !ATTRIBUTE_VALUE.exec(this.text))
                throw this.fail('a malformed tag');
            this.budget.thing();
            this.budget.text(ATTRIBUTE_VALUE.lastIndex - this.at);
            this.at = ATTRIBUTE_VALUE.lastIndex;
        }
        const empty = this.text[this.at] === '/';
        if (closing && empty)
            throw this.fail('a malformed tag');
        this.at += empty ? 2 : 1;
        return { name: match[0], closing, empty };
    }
    close(tag, name) {
        if (!tag.closing || tag.name !== name)
            throw this.fail(`<${name}> not closed by </${name}>`);
    }
    fail(what) {
        let line = 1;
        for (let i = this.text.indexOf('\n'); i >= 0 && i < this.at; i = this.text.indexOf('\n', i + 1))
            line++;
        return new PlistFormatError(`an XML property list with ${what} (line ${line})`);
    }
}

;// CONCATENATED MODULE: ./src/core/inspect/plist-binary.ts

const TRAILER = 32;
const HEADER = 8;
/** Seconds from the Unix epoch to Apple's (2001-01-01T00:00:00Z). */
const APPLE_EPOCH = 978_307_200;
/** Reads a binary plist into its root value, in the shapes the XML reader gives. */
function readBinaryPlist(data, budget) {
    return new BinaryPlistReader(data, budget).root();
}
class BinaryPlistReader {
    data;
    budget;
    offsetSize;
    refSize;
    count;
    top;
    table;
    decoded = new Map();
    open = new Set();
    constructor(data, budget) {
        this.data = data;
        this.budget = budget;
        if (data.length < HEADER + TRAILER + 1)
            throw plist_binary_fail('too short for a header and a trailer');
        const trailer = data.length - TRAILER;
        this.offsetSize = data[trailer + 6];
        this.refSize = data[trailer + 7];
        if (!inRange(this.offsetSize) || !inRange(this.refSize))
            throw plist_binary_fail('a trailer with offsets or references of no valid width');
        this.count = this.uint(trailer + 8, 8);
        this.top = this.uint(trailer + 16, 8);
        this.table = this.uint(trailer + 24, 8);
        if (this.count < 1 ||
            this.top >= this.count ||
            this.table < HEADER ||
            this.count > (trailer - this.table) / this.offsetSize)
            throw plist_binary_fail('a trailer whose counts do not fit the file');
    }
    root() {
        return this.object(this.top, 1);
    }
    /** The object at `index`: decoded once, however many references lead to it. */
    object(index, depth) {
        this.budget.thing();
        if (index >= this.count)
            throw plist_binary_fail(`a reference to object ${index} of ${this.count}`);
        if (this.decoded.has(index))
            return this.decoded.get(index);
        if (this.open.has(index))
            throw plist_binary_fail('an object that holds itself');
        this.budget.depth(depth);
        this.open.add(index);
        const value = this.decode(this.uint(this.table + index * this.offsetSize, this.offsetSize), depth);
        this.open.delete(index);
        this.decoded.set(index, value);
        return value;
    }
    decode(at, depth) {
        if (at < HEADER || at >= this.table)
            throw plist_binary_fail('an object outside the object area');
        const marker = this.data[at];
        const info = marker & 0x0f;
        switch (marker >> 4) {
            case 0x0:
                if (info === 0x8 || info === 0x9)
                    return info === 0x9;
                if (info === 0x0)
                    return null;
                break;
            case 0x1:
                if (info <= 4)
                    return this.int(at + 1, 1 << info);
                break;
            case 0x2:
                if (info === 2)
                    return this.bytes(at + 1, 4).readFloatBE(0);
                if (info === 3)
                    return this.bytes(at + 1, 8).readDoubleBE(0);
                break;
            case 0x3:
                if (info === 3)
                    return new Date((APPLE_EPOCH + this.bytes(at + 1, 8).readDoubleBE(0)) * 1000);
                break;
            case 0x4: {
                const [start, length] = this.length(at, info);
                return Buffer.from(this.bytes(start, length));
            }
            case 0x5:
            case 0x7: {
                const [start, length] = this.length(at, info);
                this.budget.text(length);
                return this.bytes(start, length).toString(marker >> 4 === 0x5 ? 'latin1' : 'utf8');
            }
            case 0x6: {
                const [start, length] = this.length(at, info);
                this.budget.text(length);
                return Buffer.from(this.bytes(start, length * 2))
                    .swap16()
                    .toString('utf16le');
            }
            case 0x8:
                return { UID: this.uint(at + 1, info + 1) };
            case 0xa:
            case 0xb:
            case 0xc: {
                const refs = this.refs(at, info, 1);
                return refs.map(ref => this.object(ref, depth + 1));
            }
            case 0xd: {
                const refs = this.refs(at, info, 2);
                const half = refs.length / 2;
                const dict = Object.create(null);
                for (let i = 0; i < half; i++) {
                    const key = this.object(refs[i], depth + 1);
                    if (typeof key !== 'string')
                        throw plist_binary_fail('a dictionary key that is not a string');
                    dict[key] = this.object(refs[half + i], depth + 1);
                }
                return dict;
            }
        }
        throw plist_binary_fail(`an object of a kind no property list has (0x${marker.toString(16)})`);
    }
    /** A collection's references, `per` of them for each of its entries, checked to fit before they are read. */
    refs(at, info, per) {
        const [start, entries] = this.length(at, info);
        if (entries * per > (this.table - start) / this.refSize)
            throw plist_binary_fail(`a collection that claims ${entries} entries, more than the file holds`);
        this.budget.thing(entries * per);
        const refs = [];
        for (let i = 0; i < entries * per; i++)
            refs.push(this.uint(start + i * this.refSize, this.refSize));
        return refs;
    }
    /** A length: the marker's low four bits, or an integer object after it when they are all set. */
    length(at, info) {
        if (info !== 0x0f)
            return [at + 1, info];
        const marker = this.bytes(at + 1, 1)[0];
        if (marker >> 4 !== 0x1 || (marker & 0x0f) > 3)
            throw plist_binary_fail('a length that is not an integer');
        const size = 1 << (marker & 0x0f);
        return [at + 2 + size, this.uint(at + 2, size)];
    }
    int(at, size) {
        const bytes = this.bytes(at, size);
        // Eight bytes and more are signed; a 16-byte integer's value is in its low eight.
        if (size >= 8)
            return Number(bytes.readBigInt64BE(size - 8));
        return this.uint(at, size);
    }
    uint(at, size) {
        const bytes = this.bytes(at, size);
        if (size <= 6)
            return bytes.readUIntBE(0, size);
        let value = 0n;
        for (const byte of bytes)
            value = (value << 8n) | BigInt(byte);
        if (value > BigInt(Number.MAX_SAFE_INTEGER))
            throw plist_binary_fail('a number too large for an offset');
        return Number(value);
    }
    bytes(at, length) {
        if (at < 0 || length < 0 || at + length > this.data.length)
            throw plist_binary_fail('an object that runs past the end of the file');
        return this.data.subarray(at, at + length);
    }
}
function inRange(width) {
    return width >= 1 && width <= 8;
}
function plist_binary_fail(what) {
    return new PlistFormatError(`a binary property list with ${what}`);
}

;// CONCATENATED MODULE: ./src/core/inspect/plist.ts
/**
 * Apple's property lists, in both the forms an app bundle carries: XML
 * (plist-xml.ts) and binary `bplist00` (plist-binary.ts), each read by a
 * reader of our own that spends from the build's one budget. And the plist
 * inside a provisioning profile's CMS envelope.
 */



/** A plist whose root is a dictionary; anything else is an `Error` saying what was found. */
function parsePlistDictionary(data, budget = new ReadBudget()) {
    const root = data.subarray(0, 8).toString('latin1') === 'bplist00'
        ? readBinaryPlist(data, budget)
        : readXmlPlist(textOf(data), budget);
    if (typeof root !== 'object' || root === null || Array.isArray(root) || root instanceof Date) {
        throw new Error(`its root is ${Array.isArray(root) ? 'an array' : root instanceof Date ? 'a date' : root === null ? 'null' : typeof root}, not a dictionary`);
    }
    return root;
}
/** XML plists are UTF-8 unless a byte order mark says UTF-16. */
function textOf(data) {
    if (data[0] === 0xff && data[1] === 0xfe)
        return data.toString('utf16le', 2);
    if (data[0] === 0xfe && data[1] === 0xff)
        return Buffer.from(data.subarray(2, data.length - (data.length % 2)))
            .swap16()
            .toString('utf16le');
    const start = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;
    return data.toString('utf8', start);
}
/**
 * The XML plist a provisioning profile (`embedded.mobileprovision`) carries.
 * The profile is a CMS SignedData envelope (DER) whose content is the plist
 * itself, stored whole: the text from `<?xml` to the last `</plist>` is that
 * content, the usual way tools read a profile without verifying Apple's
 * signature (nothing here trusts the profile; it only reports what it says).
 */
function profilePlist(envelope) {
    const start = envelope.indexOf('<?xml');
    if (start < 0)
        return undefined;
    const endTag = '</plist>';
    const end = envelope.lastIndexOf(endTag);
    if (end < start)
        return undefined;
    return envelope.subarray(start, end + endTag.length);
}

;// CONCATENATED MODULE: ./src/core/inspect/proto-wire.ts

const SCALAR_WIRE = { bool: 0, int32: 0, uint32: 0, float: 5, string: 2 };
/** Messages nest this many levels per element at most (node, element, attribute, item, primitive). */
const LEVELS_PER_ELEMENT = 3;
/** Decodes `data` as the message `type` of `types`; a malformed message is an `XmlFormatError`. */
function decodeMessage(types, type, data, budget) {
    return new WireReader(types, data, budget).message(type, 0, data.length, 1);
}
function layoutOf(descriptor) {
    const byId = new Map(Object.entries(descriptor.fields).map(([name, field]) => [field.id, { name, ...field }]));
    const oneofOf = new Map();
    for (const [oneof, { oneof: members }] of Object.entries(descriptor.oneofs ?? {}))
        for (const member of members)
            oneofOf.set(member, oneof);
    return { byId, oneofOf };
}
class WireReader {
    types;
    data;
    budget;
    at = 0;
    layouts = new Map();
    constructor(types, data, budget) {
        this.types = types;
        this.data = data;
        this.budget = budget;
    }
    message(type, start, end, depth) {
        this.budget.thing();
        this.budget.depth(Math.ceil(depth / LEVELS_PER_ELEMENT));
        let layout = this.layouts.get(type);
        if (!layout)
            this.layouts.set(type, (layout = layoutOf(this.types[type])));
        const { byId, oneofOf } = layout;
        const result = {};
        this.at = start;
        while (this.at < end) {
            const key = this.varint(end).value;
            const id = Math.floor(key / 8);
            const wire = key % 8;
            const field = byId.get(id);
            if (!field) {
                this.skip(wire, end);
                continue;
            }
            const expected = SCALAR_WIRE[field.type] ?? 2;
            if (wire !== expected)
                throw proto_wire_fail(`field ${field.name} with wire type ${wire}, not ${expected}`);
            const value = this.value(field.type, end, depth);
            if (field.rule === 'repeated')
                (result[field.name] ??= []).push(value);
            else
                result[field.name] = value;
            const oneof = oneofOf.get(field.name);
            if (oneof) {
                // The last member set is the oneof's value; the others are cleared, as protocol buffers do.
                const previous = result[oneof];
                if (typeof previous === 'string' && previous !== field.name)
                    delete result[previous];
                result[oneof] = field.name;
            }
        }
        if (this.at !== end)
            throw proto_wire_fail('a field that runs past its message');
        return result;
    }
    value(type, end, depth) {
        switch (type) {
            case 'bool':
                return this.varint(end).value !== 0;
            case 'int32':
                return this.varint(end).low | 0;
            case 'uint32':
                return this.varint(end).low >>> 0;
            case 'float':
                return this.bytes(4, end).readFloatLE(0);
            case 'string': {
                const length = this.length(end);
                this.budget.text(length);
                return this.bytes(length, end).toString('utf8');
            }
            default: {
                const length = this.length(end);
                const start = this.at;
                this.bytes(length, end);
                const message = this.message(type, start, start + length, depth + 1);
                this.at = start + length;
                return message;
            }
        }
    }
    /** A varint: its value (exact to 2^53) and its low 32 bits (exact always, for int32 and uint32). */
    varint(end) {
        let value = 0;
        let low = 0;
        for (let i = 0; i < 10; i++) {
            if (this.at >= end)
                throw proto_wire_fail('a number cut short');
            const byte = this.data[this.at++];
            value += (byte & 0x7f) * 2 ** (7 * i);
            if (i < 5)
                low = (low | ((byte & 0x7f) << (7 * i))) >>> 0;
            if ((byte & 0x80) === 0)
                return { value, low };
        }
        throw proto_wire_fail('a number longer than ten bytes');
    }
    length(end) {
        const { value } = this.varint(end);
        if (value > end - this.at)
            throw proto_wire_fail('a length that runs past its message');
        return value;
    }
    bytes(length, end) {
        if (length > end - this.at)
            throw proto_wire_fail('a value that runs past its message');
        const bytes = this.data.subarray(this.at, this.at + length);
        this.at += length;
        return bytes;
    }
    skip(wire, end) {
        switch (wire) {
            case 0:
                this.varint(end);
                return;
            case 1:
                this.bytes(8, end);
                return;
            case 2:
                this.bytes(this.length(end), end);
                return;
            case 5:
                this.bytes(4, end);
                return;
            default:
                throw proto_wire_fail(`a field of wire type ${wire}, which no message of ours has`);
        }
    }
}
function proto_wire_fail(what) {
    return new XmlFormatError(`not an aapt.pb.XmlNode: ${what}`);
}

;// CONCATENATED MODULE: ./src/core/inspect/proto-xml.ts
/**
 * The protocol-buffer XML of an Android App Bundle (`base/manifest/AndroidManifest.xml`,
 * written by `aapt2 link --proto-format`), read into the same element tree as
 * binary XML. The schema is the part of aapt2's `Resources.proto` that an
 * XML document uses, as a protobuf.js JSON descriptor:
 *
 *   Source:  tools/aapt2/Resources.proto of Android's frameworks/base, as mirrored at
 *            https://github.com/aosp-mirror/platform_frameworks_base (commit a9a19d7e)
 *   Licence: Apache License 2.0, Copyright (C) 2016 The Android Open Source Project
 *
 * Names, numbers and types are the source's own (a test checks them against a
 * copy of the file); messages and fields a manifest never holds are left out,
 * and protobuf skips them on the wire.
 */



const RESOURCES_PROTO = {
    nested: {
        aapt: {
            nested: {
                pb: {
                    nested: {
                        XmlNode: {
                            oneofs: { node: { oneof: ['element', 'text'] } },
                            fields: {
                                element: { type: 'XmlElement', id: 1 },
                                text: { type: 'string', id: 2 }
                            }
                        },
                        XmlElement: {
                            fields: {
                                namespace_uri: { type: 'string', id: 2 },
                                name: { type: 'string', id: 3 },
                                attribute: { rule: 'repeated', type: 'XmlAttribute', id: 4 },
                                child: { rule: 'repeated', type: 'XmlNode', id: 5 }
                            }
                        },
                        XmlAttribute: {
                            fields: {
                                namespace_uri: { type: 'string', id: 1 },
                                name: { type: 'string', id: 2 },
                                value: { type: 'string', id: 3 },
                                resource_id: { type: 'uint32', id: 5 },
                                compiled_item: { type: 'Item', id: 6 }
                            }
                        },
                        Item: {
                            oneofs: { value: { oneof: ['ref', 'str', 'raw_str', 'prim'] } },
                            fields: {
                                ref: { type: 'Reference', id: 1 },
                                str: { type: 'String', id: 2 },
                                raw_str: { type: 'RawString', id: 3 },
                                prim: { type: 'Primitive', id: 7 }
                            }
                        },
                        Reference: {
                            fields: {
                                id: { type: 'uint32', id: 2 },
                                name: { type: 'string', id: 3 }
                            }
                        },
                        String: { fields: { value: { type: 'string', id: 1 } } },
                        RawString: { fields: { value: { type: 'string', id: 1 } } },
                        Primitive: {
                            oneofs: {
                                oneof_value: {
                                    oneof: [
                                        'float_value',
                                        'int_decimal_value',
                                        'int_hexadecimal_value',
                                        'boolean_value',
                                        'color_argb8_value',
                                        'color_rgb8_value',
                                        'color_argb4_value',
                                        'color_rgb4_value',
                                        'dimension_value',
                                        'fraction_value'
                                    ]
                                }
                            },
                            fields: {
                                float_value: { type: 'float', id: 3 },
                                int_decimal_value: { type: 'int32', id: 6 },
                                int_hexadecimal_value: { type: 'uint32', id: 7 },
                                boolean_value: { type: 'bool', id: 8 },
                                color_argb8_value: { type: 'uint32', id: 9 },
                                color_rgb8_value: { type: 'uint32', id: 10 },
                                color_argb4_value: { type: 'uint32', id: 11 },
                                color_rgb4_value: { type: 'uint32', id: 12 },
                                dimension_value: { type: 'uint32', id: 13 },
                                fraction_value: { type: 'uint32', id: 14 }
                            }
                        }
                    }
                }
            }
        }
    }
};
// Res_value.dataType of the primitives that are neither integers nor booleans.
const OTHER_TYPES = {
    float_value: 0x04,
    dimension_value: 0x05,
    fraction_value: 0x06,
    color_argb8_value: 0x1c,
    color_rgb8_value: 0x1d,
    color_argb4_value: 0x1e,
    color_rgb4_value: 0x1f
};
/** Reads a protocol-buffer XmlNode into its root element, spending from `budget`. */
function readProtoXml(data, budget = new ReadBudget()) {
    const node = decodeMessage(RESOURCES_PROTO.nested.aapt.nested.pb.nested, 'XmlNode', data, budget);
    if (!node.element)
        throw new XmlFormatError('no element: the root node is not an element');
    const convert = (element, depth) => {
        budget.depth(depth);
        return {
            namespace: element.namespace_uri ?? '',
            name: element.name ?? '',
            attributes: (element.attribute ?? []).map(attributeOf),
            children: (element.child ?? [])
                .filter((c) => c.element !== undefined)
                .map(c => convert(c.element, depth + 1))
        };
    };
    return convert(node.element, 1);
}
function attributeOf(attribute) {
    return {
        namespace: attribute.namespace_uri ?? '',
        name: attribute.name ?? '',
        resourceId: attribute.resource_id ?? 0,
        value: proto_xml_valueOf(attribute)
    };
}
function proto_xml_valueOf(attribute) {
    const item = attribute.compiled_item;
    const raw = { kind: 'string', value: attribute.value ?? '' };
    switch (item?.value) {
        case 'ref':
            return { kind: 'reference', id: item.ref?.id ?? 0 };
        case 'str':
            return { kind: 'string', value: item.str?.value ?? '' };
        case 'raw_str':
            return { kind: 'string', value: item.raw_str?.value ?? '' };
        case 'prim': {
            const which = item.prim?.oneof_value;
            const value = which === undefined ? undefined : item.prim?.[which];
            if (which === 'int_decimal_value' || which === 'int_hexadecimal_value') {
                return { kind: 'integer', value: Number(value) | 0 };
            }
            if (which === 'boolean_value')
                return { kind: 'boolean', value: value === true };
            if (which && OTHER_TYPES[which] !== undefined) {
                // Res_value's data: a float is carried as its 32 bits.
                const data = which === 'float_value' ? floatBits(Number(value)) : Number(value);
                return { kind: 'other', type: OTHER_TYPES[which], data };
            }
            return raw;
        }
        default:
            // No compiled value: the attribute's text is all there is.
            return raw;
    }
}
function floatBits(value) {
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, value);
    return view.getUint32(0);
}

;// CONCATENATED MODULE: ./src/core/inspect/signing-block.ts
const MAGIC = Buffer.from('APK Sig Block 42', 'latin1');
const FOOTER = 8 + MAGIC.length;
/** Pairs visited at most: a real block has a handful (schemes, padding, a source stamp). */
const MAX_PAIRS = 64;
// The schemes' block IDs, as apksigner and the platform's ApkSignatureSchemeV*Verifier define them.
const SCHEMES = new Map([
    [0x7109871a, 'v2'],
    [0xf05368c0, 'v3'],
    [0x1b93ad61, 'v3.1']
]);
/** The signature schemes in the APK Signing Block before `centralDirectoryOffset`; empty when there is none. */
async function signingBlockSchemes(handle, centralDirectoryOffset) {
    if (centralDirectoryOffset < FOOTER + 8)
        return [];
    const footer = await readAt(handle, centralDirectoryOffset - FOOTER, FOOTER);
    if (!footer?.subarray(8).equals(MAGIC))
        return [];
    const blockSize = Number(footer.readBigUInt64LE(0));
    // The size counts everything after the leading size field.
    const blockStart = centralDirectoryOffset - blockSize - 8;
    if (!Number.isSafeInteger(blockSize) || blockStart < 0)
        return [];
    // Both size fields must agree, as the platform's verifier requires.
    const leading = await readAt(handle, blockStart, 8);
    if (!leading || Number(leading.readBigUInt64LE(0)) !== blockSize)
        return [];
    const found = new Set();
    const pairsEnd = centralDirectoryOffset - FOOTER;
    let at = blockStart + 8;
    for (let i = 0; i < MAX_PAIRS && at + 12 <= pairsEnd; i++) {
        const header = await readAt(handle, at, 12);
        if (!header)
            break;
        const length = Number(header.readBigUInt64LE(0));
        if (length < 4 || !Number.isSafeInteger(length) || at + 8 + length > pairsEnd)
            break;
        const scheme = SCHEMES.get(header.readUInt32LE(8));
        if (scheme)
            found.add(scheme);
        at += 8 + length;
    }
    return [...found];
}
async function readAt(handle, position, length) {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return bytesRead === length ? buffer : undefined;
}

;// CONCATENATED MODULE: ./src/core/inspect/survey.ts
const APK_MANIFEST = 'AndroidManifest.xml';
const BUNDLE_MANIFEST = 'base/manifest/AndroidManifest.xml';
/** A native library of an APK, by its ABI. */
const APK_LIBRARY = /^lib\/([^/]+)\/[^/]+\.so$/;
/** A native library of a bundle's module (base or a feature; the bundle's metadata and signature are no module). */
const BUNDLE_LIBRARY = /^(?!BUNDLE-METADATA\/|META-INF\/)[^/]+\/lib\/([^/]+)\/[^/]+\.so$/;
/** Apps, ABIs and nested builds remembered while the central directory is walked: a real build has a few. */
const MAX_REMEMBERED = 32;
/** Walks the central directory once, remembering what tells the build's type and what it holds instead. */
async function surveyEntries(zip, signal) {
    const survey = {
        apkAbis: new Set(),
        bundleAbis: new Set(),
        signatureFile: false,
        signatureBlock: false,
        payloadApps: new Map(),
        topApps: new Map(),
        nested: []
    };
    const app = (apps, folder) => {
        let entries = apps.get(folder);
        if (!entries && apps.size < MAX_REMEMBERED)
            apps.set(folder, (entries = {}));
        return entries;
    };
    const remember = (set, value) => {
        if (value && set.size < MAX_REMEMBERED)
            set.add(value);
    };
    const twice = (held, entry) => {
        if (held)
            survey.duplicate ??= entry.fileName;
        return entry;
    };
    await zip.forEachEntry(entry => {
        const path = entry.fileName;
        if (path === APK_MANIFEST)
            survey.apkManifest = twice(survey.apkManifest, entry);
        else if (path === BUNDLE_MANIFEST)
            survey.bundleManifest = twice(survey.bundleManifest, entry);
        remember(survey.apkAbis, APK_LIBRARY.exec(path)?.[1]);
        remember(survey.bundleAbis, BUNDLE_LIBRARY.exec(path)?.[1]);
        const signing = /^META-INF\/[^/]+\.(SF|RSA|DSA|EC)$/i.exec(path)?.[1]?.toUpperCase();
        if (signing === 'SF')
            survey.signatureFile = true;
        else if (signing)
            survey.signatureBlock = true;
        const bundled = /^(Payload\/)?([^/]+\.app)\/(Info\.plist|embedded\.mobileprovision)$/.exec(path);
        if (bundled) {
            const entries = app(bundled[1] ? survey.payloadApps : survey.topApps, bundled[2]);
            if (entries && bundled[3] === 'Info.plist')
                entries.info = twice(entries.info, entry);
            else if (entries)
                entries.profile = twice(entries.profile, entry);
        }
        if (/\.(apk|aab|ipa)$/i.test(path) && survey.nested.length < MAX_REMEMBERED) {
            survey.nested.push(path);
        }
    }, signal);
    return survey;
}

;// CONCATENATED MODULE: external "node:stream"
const external_node_stream_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");
// EXTERNAL MODULE: ./node_modules/yauzl/index.js
var yauzl = __nccwpck_require__(663);
;// CONCATENATED MODULE: ./src/core/inspect/zip.ts



/** The most any one descriptor (a manifest, an Info.plist, a profile) may hold, uncompressed. */
const MAX_DESCRIPTOR_BYTES = 8 * 1024 * 1024;
/** The central directory is read through one window of this size: one read per window, not two per entry. */
const WINDOW = 64 * 1024;
/** The zip's structure could not be read; `truncated` when there is no end of central directory. */
class ZipFormatError extends Error {
    truncated;
    name = 'ZipFormatError';
    constructor(message, truncated) {
        super(message);
        this.truncated = truncated;
    }
}
/**
 * Serves yauzl's small reads of the central directory from one cached window,
 * and the entries it opens as streams of the file. The file handle stays the
 * caller's to close.
 */
class WindowedReader extends yauzl.RandomAccessReader {
    handle;
    size;
    window = Buffer.alloc(0);
    windowStart = 0;
    constructor(handle, size) {
        super();
        this.handle = handle;
        this.size = size;
    }
    read(buffer, offset, length, position, callback) {
        // Answered on a later tick: yauzl reads the next entry from its callback, and a long
        // central directory served from the window must not grow the stack entry by entry.
        const done = (err, bytesRead) => process.nextTick(callback, err, bytesRead);
        const inWindow = position >= this.windowStart && position + length <= this.windowStart + this.window.length;
        if (inWindow) {
            this.window.copy(buffer, offset, position - this.windowStart, position - this.windowStart + length);
            done(null, length);
            return;
        }
        if (length > WINDOW) {
            this.handle.read(buffer, offset, length, position).then(r => done(null, r.bytesRead), (e) => done(e));
            return;
        }
        const want = Math.min(WINDOW, Math.max(0, this.size - position));
        const window = Buffer.allocUnsafe(want);
        this.handle.read(window, 0, want, position).then(r => {
            this.window = window.subarray(0, r.bytesRead);
            this.windowStart = position;
            const got = Math.min(length, r.bytesRead);
            this.window.copy(buffer, offset, 0, got);
            done(null, got);
        }, (e) => done(e));
    }
    _readStreamForRange(start, end) {
        return new RangeStream(this.handle, start, end);
    }
    close(callback) {
        setImmediate(callback, null);
    }
}
/**
 * The bytes from `start` to `end` of the file, read through the caller's handle. (fs streams
 * close the descriptor when destroyed, even with autoClose off, and the handle is not theirs.)
 */
class RangeStream extends external_node_stream_namespaceObject.Readable {
    handle;
    position;
    end;
    constructor(handle, position, end) {
        super();
        this.handle = handle;
        this.position = position;
        this.end = end;
    }
    _read() {
        const length = Math.min(WINDOW, this.end - this.position);
        if (length <= 0) {
            this.push(null);
            return;
        }
        this.handle.read(Buffer.allocUnsafe(length), 0, length, this.position).then(({ bytesRead, buffer }) => {
            this.position += bytesRead;
            this.push(bytesRead === 0 ? null : buffer.subarray(0, bytesRead));
        }, (error) => this.destroy(error));
    }
}
/** Opens the zip in `handle` (of `size` bytes); a zip that cannot be read is a `ZipFormatError`. */
async function openZip(handle, size) {
    const reader = new WindowedReader(handle, size);
    const zip = await new Promise((resolve, reject) => yauzl.fromRandomAccessReader(reader, size, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true }, (err, zipfile) => (err ? reject(formatError(err)) : resolve(zipfile))));
    // yauzl starts its entry cursor at the central directory's offset, read from the (Zip64) end record.
    const centralDirectoryOffset = zip.readEntryCursor;
    return {
        centralDirectoryOffset,
        entryCount: zip.entryCount,
        forEachEntry: (visit, signal) => forEachEntry(zip, visit, signal),
        read: (entry, max = MAX_DESCRIPTOR_BYTES) => readEntry(zip, entry, max),
        close: () => zip.close()
    };
}
async function forEachEntry(zip, visit, signal) {
    signal?.throwIfAborted();
    try {
        for await (const entry of zip.eachEntry()) {
            signal?.throwIfAborted();
            if (visit(entry) === false)
                break;
        }
    }
    catch (error) {
        throw signal?.aborted || !isError(error) ? error : formatError(error);
    }
}
async function readEntry(zip, entry, max) {
    if (entry.uncompressedSize > max) {
        throw new ZipFormatError(`${entry.fileName} declares ${entry.uncompressedSize} bytes, more than the ${max} a descriptor may hold`, false);
    }
    try {
        const chunks = [];
        // yauzl checks the stream against the sizes the central directory declares.
        for await (const chunk of await zip.openReadStreamPromise(entry))
            chunks.push(chunk);
        return Buffer.concat(chunks);
    }
    catch (error) {
        // Errors of Node's own (zlib's) may come from another realm: isError, not instanceof.
        throw isError(error) ? formatError(error) : error;
    }
}
function formatError(err) {
    if (err instanceof ZipFormatError)
        return err;
    const message = err.message;
    return new ZipFormatError(message, /end of central directory record signature not found/i.test(message));
}

;// CONCATENATED MODULE: ./src/core/inspect/refusals.ts




/** What each accepted type must be, as a refusal says it ("…, not an Android app (APK)"). */
const EXPECTED = {
    '.apk': 'an Android app (APK)',
    '.aab': 'an Android App Bundle',
    '.ipa': 'an iOS app archive (IPA)',
    '.zip': 'a zip archive',
    '.deb': 'a Debian package',
    '.pdf': 'a PDF document',
    '.csv': 'CSV text'
};
/**
 * The refusal of a zip without the descriptor its type must have, saying
 * what it is instead: a build of another type, a zip holding a build, or
 * an archive of something else.
 */
function missingDescriptor(survey, name, extension, descriptor) {
    const refuse = (reason, found, fix) => new BrokenBuildError(name, reason, found, fix);
    const expected = EXPECTED[extension];
    const [topApp] = survey.topApps.keys();
    const [payloadApp] = survey.payloadApps.keys();
    if (survey.apkManifest && extension !== '.apk') {
        return refuse('wrong-content', `an APK (${APK_MANIFEST} at its top), not ${expected}`, 'Name it .apk, or point the path at the build you meant');
    }
    if (survey.bundleManifest && extension !== '.aab') {
        return refuse('wrong-content', `an Android App Bundle (${BUNDLE_MANIFEST}), not ${expected}`, 'Name it .aab, or point the path at the build you meant');
    }
    if (payloadApp && extension !== '.ipa') {
        return refuse('wrong-content', `an iOS app archive (${quote(`Payload/${payloadApp}`)}), not ${expected}`, 'Name it .ipa, or point the path at the build you meant');
    }
    if (topApp) {
        return refuse('wrong-content', `a zipped app (${quote(`${topApp}/`)} at its top, no Payload/ folder), not ${expected}`, 'Name a zipped simulator app .zip; export a device build as an IPA (xcodebuild -exportArchive)');
    }
    const nested = survey.nested[0];
    if (nested) {
        const kind = nested.slice(nested.lastIndexOf('.')).toLowerCase();
        return refuse('nested-build', `a zip holding ${quote(nested)}, not ${expected}`, `Upload the ${kind} itself: unzip it first, or point the path at it`);
    }
    return refuse('no-manifest', `a zip archive without ${descriptor}, not ${expected}`, 'Point it at the build the Android Gradle plugin or Xcode wrote, not another archive');
}
/** A zip the reader refused, as the build's refusal: cut short, or damaged; any other error as it is. */
function zipRefusal(error, name, extension) {
    const refuse = (reason, found, fix) => new BrokenBuildError(name, reason, found, fix);
    if (!(error instanceof ZipFormatError))
        return error;
    if (error.truncated) {
        return refuse('truncated', `a zip archive cut short (it has no end of central directory record), not a whole ${EXPECTED[extension].replace(/^an? /, '')}`, 'Build or download it again, and let the step finish writing it');
    }
    return refuse('damaged', `a damaged zip archive (${quote(error.message, 120)})`, 'Build or download it again');
}
/**
 * Two entries of one descriptor's path: Android refuses such an archive
 * (libziparchive, since the "master key" flaw, refuses a duplicate entry
 * name), as a reader that took one of them might not see what the device
 * would. The same holds for an app's Info.plist and profile.
 */
function duplicateRefusal(survey, name, extension) {
    if (survey.duplicate === undefined)
        return undefined;
    return new BrokenBuildError(name, 'bad-manifest', `${EXPECTED[extension]} with two entries named ${quote(survey.duplicate)}, which Android and iOS refuse to install`, 'Build it again with the platform’s own tools; a build with a duplicate entry has been altered');
}

;// CONCATENATED MODULE: ./src/core/inspect/inspect.ts
/**
 * `inspectBuild`: what a build is, read before anything is sent, in time and
 * memory that do not grow with the file's size. A build that is not what its
 * extension says, cut short, empty, or without the manifest its type must
 * have is refused with a `BrokenBuildError` naming what it is instead.
 */



















/** Reads the build at `path`; see the module's comment. */
async function inspectBuild(path, options = {}) {
    const { signal } = options;
    const name = options.name ?? external_node_path_default().basename(path);
    const extension = acceptedExtension(name);
    if (!extension) {
        throw new BrokenBuildError(name, 'wrong-content', `of no accepted type (${ACCEPTED_EXTENSIONS.join(' ')})`, 'Point it at the build itself');
    }
    if (signal?.aborted)
        throw abortError(signal);
    const handle = await (0,promises_namespaceObject.open)(path, 'r');
    try {
        return cappedFacts(await new Inspection(handle, name, extension, options).run(), name);
    }
    catch (error) {
        if (signal?.aborted)
            throw abortError(signal);
        throw error;
    }
    finally {
        await handle.close();
    }
}
class Inspection {
    handle;
    name;
    extension;
    /** What reading the descriptors may cost in all: shared by every reader of this build. */
    budget = new ReadBudget();
    now;
    signal;
    constructor(handle, name, extension, options) {
        this.handle = handle;
        this.name = name;
        this.extension = extension;
        this.now = options.now ?? new Date();
        this.signal = options.signal;
    }
    refuse(reason, found, fix) {
        return new BrokenBuildError(this.name, reason, found, fix);
    }
    async run() {
        const { size } = await this.handle.stat();
        const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
        if (head.length > 0)
            await this.handle.read(head, 0, head.length, 0);
        if (size === 0) {
            throw this.refuse('empty', 'empty (0 bytes)', 'Check the step that built or downloaded it: it wrote nothing');
        }
        const kind = CONTENT_KINDS[this.extension];
        this.expect(kind.test(head), head, size);
        if (kind.format)
            return { platform: undefined, format: kind.format, warnings: [] };
        const zip = await this.openZip(size);
        try {
            const survey = await this.surveyOf(zip);
            this.signal?.throwIfAborted();
            const duplicate = duplicateRefusal(survey, this.name, this.extension);
            if (duplicate)
                throw duplicate;
            switch (this.extension) {
                case '.apk':
                    return await this.apk(zip, survey);
                case '.aab':
                    return await this.bundle(zip, survey);
                case '.ipa':
                    return await this.ipa(zip, survey);
                default:
                    return await this.zip(zip, survey, { platform: undefined, format: 'zip', warnings: [] });
            }
        }
        finally {
            zip.close();
        }
    }
    /** The first bytes must be the type's; else a refusal saying what they are. */
    expect(ok, head, size) {
        if (ok)
            return;
        throw this.refuse('wrong-content', `${describeContent(head, size)}, not ${EXPECTED[this.extension]}`, 'Point it at the build itself, and check the step that built or downloaded it');
    }
    async openZip(size) {
        try {
            return await openZip(this.handle, size);
        }
        catch (error) {
            throw this.zipRefusal(error);
        }
    }
    zipRefusal(error) {
        return zipRefusal(error, this.name, this.extension);
    }
    async surveyOf(zip) {
        try {
            return await surveyEntries(zip, this.signal);
        }
        catch (error) {
            throw this.zipRefusal(error);
        }
    }
    async descriptor(zip, entry) {
        try {
            return await zip.read(entry);
        }
        catch (error) {
            throw this.zipRefusal(error);
        }
    }
    badManifest(what, error) {
        // A parser's words may quote the file: one sanitized line.
        const why = sanitize(oneLine(messageOf(error), 200));
        return this.refuse('bad-manifest', `${EXPECTED[this.extension]} whose ${what} cannot be used: ${why}`, 'Build it again with the platform’s own tools');
    }
    async apk(zip, survey) {
        if (!survey.apkManifest)
            throw missingDescriptor(survey, this.name, this.extension, APK_MANIFEST);
        const manifest = await this.manifest(APK_MANIFEST, await this.descriptor(zip, survey.apkManifest), readBinaryXml);
        const signatures = [
            ...(survey.signatureFile && survey.signatureBlock ? ['v1'] : []),
            ...(await signingBlockSchemes(this.handle, zip.centralDirectoryOffset))
        ];
        const warnings = signingWarnings(this.name, manifest.debuggable, signatures);
        return {
            platform: 'android',
            format: 'apk',
            ...manifest,
            abis: [...survey.apkAbis].sort(),
            signatures,
            warnings
        };
    }
    async bundle(zip, survey) {
        if (!survey.bundleManifest)
            throw missingDescriptor(survey, this.name, this.extension, BUNDLE_MANIFEST);
        const manifest = await this.manifest(BUNDLE_MANIFEST, await this.descriptor(zip, survey.bundleManifest), readProtoXml);
        return {
            platform: 'android',
            format: 'aab',
            ...manifest,
            abis: [...survey.bundleAbis].sort(),
            // A bundle is signed with JAR signing alone (jarsigner); the APKs made from it are signed anew.
            signatures: survey.signatureFile && survey.signatureBlock ? ['v1'] : [],
            warnings: []
        };
    }
    async manifest(path, data, read) {
        try {
            return manifestFacts(read(data, this.budget));
        }
        catch (error) {
            throw this.badManifest(path, error);
        }
    }
    async ipa(zip, survey) {
        const apps = [...survey.payloadApps];
        if (apps.length === 0)
            throw missingDescriptor(survey, this.name, this.extension, 'Payload/<name>.app/Info.plist');
        if (apps.length > 1) {
            throw this.refuse('bad-manifest', `an IPA with ${apps.length} apps in Payload/ (${apps.map(([folder]) => quote(folder)).join(', ')})`, 'Export one app per IPA');
        }
        const [folder, entries] = apps[0];
        return this.app(zip, 'ipa', `Payload/${folder}`, entries, survey);
    }
    async zip(zip, survey, plain) {
        // A zipped .app (a simulator build, as xcodebuild leaves it), or an IPA named .zip: read as apps.
        const apps = survey.topApps.size === 1 ? survey.topApps : survey.payloadApps;
        const [only] = apps.size === 1 ? [...apps] : [];
        if (!only?.[1].info)
            return plain;
        const [folder, entries] = only;
        return apps === survey.topApps
            ? this.app(zip, 'app-zip', folder, entries, survey)
            : this.app(zip, 'ipa', `Payload/${folder}`, entries, survey);
    }
    async app(zip, format, folder, entries, survey) {
        if (!entries.info)
            throw missingDescriptor(survey, this.name, this.extension, `${folder}/Info.plist`);
        let info;
        try {
            info = infoFacts(parsePlistDictionary(await this.descriptor(zip, entries.info), this.budget));
        }
        catch (error) {
            if (error instanceof BrokenBuildError)
                throw error;
            throw this.badManifest(`${folder}/Info.plist`, error);
        }
        let profile;
        if (entries.profile) {
            const envelope = await this.descriptor(zip, entries.profile);
            try {
                const plist = profilePlist(envelope);
                if (!plist)
                    throw new Error('it holds no property list');
                profile = profileFacts(parsePlistDictionary(plist, this.budget), this.now);
            }
            catch (error) {
                throw this.badManifest(`${folder}/embedded.mobileprovision`, error);
            }
        }
        return {
            platform: 'ios',
            format,
            ...info,
            profile,
            warnings: profileWarnings(this.name, profile)
        };
    }
}

;// CONCATENATED MODULE: ./src/core/inspect/answer.ts
/**
 * One read's answer, as the reader's worker gives it (reader-worker.ts):
 * the build's facts, a refusal, or an error of ours, each a plain value that
 * crosses a thread.
 */


/** Reads the build the request names; never throws. */
async function answerRead(request) {
    try {
        return {
            facts: await inspectBuild(request.path, { name: request.name, now: new Date(request.now) })
        };
    }
    catch (error) {
        return error instanceof BrokenBuildError
            ? { broken: { file: error.file, reason: error.reason, found: error.found, fix: error.fix } }
            : {
                error: {
                    message: error instanceof Error ? error.message : String(error),
                    stack: error instanceof Error ? error.stack : undefined
                }
            };
    }
}


/***/ }),

/***/ 764:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var node_events__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(474);
/* harmony import */ var node_events__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_events__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_worker_threads__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(919);
/* harmony import */ var node_worker_threads__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_worker_threads__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _answer_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(236);
/**
 * The build reader's worker: the only place a build's bytes are interpreted
 * (the zip's directory, the manifest, Info.plist, the profile, the signing
 * block). It reads one build and says what it is, or why it is refused, to
 * the thread that started it (read.ts), which bounds it from outside: a
 * heap and a stack it cannot outgrow, a time it cannot outlast, its console
 * never reaching the process's own.
 */



// Asked as it starts, or, started ahead of its read (read.ts's warmReader), by the first message.
const request = node_worker_threads__WEBPACK_IMPORTED_MODULE_1__.workerData ??
    (await (0,node_events__WEBPACK_IMPORTED_MODULE_0__.once)(node_worker_threads__WEBPACK_IMPORTED_MODULE_1__.parentPort, 'message'))[0];
node_worker_threads__WEBPACK_IMPORTED_MODULE_1__.parentPort.postMessage(await (0,_answer_js__WEBPACK_IMPORTED_MODULE_2__/* .answerRead */ .D)(request));

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 203:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 23:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 106:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("zlib");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(764);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
