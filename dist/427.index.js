export const id = 427;
export const ids = [427];
export const modules = {

/***/ 427:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseBuffer: () => (/* binding */ parseBuffer)
/* harmony export */ });
/* unused harmony exports UID, maxObjectCount, maxObjectSize, parseFile, parseFileSync, setMaxObjectCount, setMaxObjectSize */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
// bplistParser.ts

var debug = false;
var maxObjectSize = 100 * 1e3 * 1e3;
var maxObjectCount = 32768;
function setMaxObjectSize(value) {
  maxObjectSize = value;
}
function setMaxObjectCount(value) {
  maxObjectCount = value;
}
var EPOCH = 9783072e5;
var UID = class {
  UID;
  constructor(id) {
    this.UID = id;
  }
};
function parseFile(fileNameOrBuffer, callback) {
  return new Promise(function(resolve, reject) {
    function tryParseBuffer(buffer) {
      let err = null;
      let result;
      try {
        result = parseBuffer(buffer);
        resolve(result);
      } catch (ex) {
        err = ex;
        reject(err);
      } finally {
        if (callback) callback(err, result);
      }
    }
    if (Buffer.isBuffer(fileNameOrBuffer)) {
      return tryParseBuffer(fileNameOrBuffer);
    }
    fs.readFile(fileNameOrBuffer, function(err, data) {
      if (err) {
        reject(err);
        if (callback) callback(err);
        return;
      }
      tryParseBuffer(data);
    });
  });
}
function parseFileSync(fileNameOrBuffer) {
  const buffer = Buffer.isBuffer(fileNameOrBuffer) ? fileNameOrBuffer : fs.readFileSync(fileNameOrBuffer);
  return parseBuffer(buffer);
}
function parseBuffer(buffer) {
  const header = buffer.slice(0, "bplist00".length).toString("utf8");
  if (header !== "bplist00") {
    throw new Error("Invalid binary plist. Expected 'bplist00' at offset 0.");
  }
  if (buffer.length < "bplist00".length + 32) {
    throw new Error("Invalid binary plist. Expected a trailer.");
  }
  const trailer = buffer.slice(buffer.length - 32, buffer.length);
  const offsetSize = trailer.readUInt8(6);
  if (debug) {
    console.log("offsetSize: " + offsetSize);
  }
  const objectRefSize = trailer.readUInt8(7);
  if (debug) {
    console.log("objectRefSize: " + objectRefSize);
  }
  const numObjects = readUInt64BE(trailer, 8);
  if (debug) {
    console.log("numObjects: " + numObjects);
  }
  const topObject = readUInt64BE(trailer, 16);
  if (debug) {
    console.log("topObject: " + topObject);
  }
  const offsetTableOffset = readUInt64BE(trailer, 24);
  if (debug) {
    console.log("offsetTableOffset: " + offsetTableOffset);
  }
  if (numObjects > maxObjectCount) {
    throw new Error("maxObjectCount exceeded");
  }
  const offsetTable = [];
  for (let i = 0; i < numObjects; i++) {
    const offsetBytes = buffer.slice(offsetTableOffset + i * offsetSize, offsetTableOffset + (i + 1) * offsetSize);
    offsetTable[i] = readUInt(offsetBytes, 0);
    if (debug) {
      console.log("Offset for Object #" + i + " is " + offsetTable[i] + " [" + offsetTable[i].toString(16) + "]");
    }
  }
  function parseObject(tableOffset) {
    const offset = offsetTable[tableOffset];
    const type = buffer[offset];
    const objType = (type & 240) >> 4;
    const objInfo = type & 15;
    switch (objType) {
      case 0:
        return parseSimple();
      case 1:
        return parseInteger();
      case 8:
        return parseUID();
      case 2:
        return parseReal();
      case 3:
        return parseDate();
      case 4:
        return parseData();
      case 5:
        return parsePlistString();
      case 6:
        return parsePlistString(true);
      case 10:
        return parseArray();
      case 13:
        return parseDictionary();
      default:
        throw new Error("Unhandled type 0x" + objType.toString(16));
    }
    function parseSimple() {
      switch (objInfo) {
        case 0:
          return null;
        case 8:
          return false;
        case 9:
          return true;
        case 15:
          return null;
        default:
          throw new Error("Unhandled simple type 0x" + objType.toString(16));
      }
    }
    function parseInteger() {
      const length = Math.pow(2, objInfo);
      if (length < maxObjectSize) {
        const data = buffer.slice(offset + 1, offset + 1 + length);
        return readInteger(data);
      }
      throw new Error("Too little heap space available! Wanted to read " + length + " bytes, but only " + maxObjectSize + " are available.");
    }
    function parseUID() {
      const length = objInfo + 1;
      if (length < maxObjectSize) {
        return new UID(readUInt(buffer.slice(offset + 1, offset + 1 + length)));
      }
      throw new Error("Too little heap space available! Wanted to read " + length + " bytes, but only " + maxObjectSize + " are available.");
    }
    function parseReal() {
      const length = Math.pow(2, objInfo);
      if (length < maxObjectSize) {
        const realBuffer = buffer.slice(offset + 1, offset + 1 + length);
        if (length === 4) {
          return realBuffer.readFloatBE(0);
        }
        if (length === 8) {
          return realBuffer.readDoubleBE(0);
        }
      } else {
        throw new Error("Too little heap space available! Wanted to read " + length + " bytes, but only " + maxObjectSize + " are available.");
      }
    }
    function parseDate() {
      if (objInfo != 3) {
        console.error("Unknown date type :" + objInfo + ". Parsing anyway...");
      }
      const dateBuffer = buffer.slice(offset + 1, offset + 9);
      return new Date(EPOCH + 1e3 * dateBuffer.readDoubleBE(0));
    }
    function parseData() {
      let dataoffset = 1;
      let length = objInfo;
      if (objInfo == 15) {
        const int_type = buffer[offset + 1];
        const intType = (int_type & 240) / 16;
        if (intType != 1) {
          console.error("0x4: UNEXPECTED LENGTH-INT TYPE! " + intType);
        }
        const intInfo = int_type & 15;
        const intLength = Math.pow(2, intInfo);
        dataoffset = 2 + intLength;
        if (intLength < 3) {
          length = readUInt(buffer.slice(offset + 2, offset + 2 + intLength));
        } else {
          length = readUInt(buffer.slice(offset + 2, offset + 2 + intLength));
        }
      }
      if (length < maxObjectSize) {
        return buffer.slice(offset + dataoffset, offset + dataoffset + length);
      }
      throw new Error("Too little heap space available! Wanted to read " + length + " bytes, but only " + maxObjectSize + " are available.");
    }
    function parsePlistString(isUtf16) {
      const utf16Flag = isUtf16 || false;
      let enc = "utf8";
      let length = objInfo;
      let stroffset = 1;
      if (objInfo == 15) {
        const int_type = buffer[offset + 1];
        const intType = (int_type & 240) / 16;
        if (intType != 1) {
          console.error("UNEXPECTED LENGTH-INT TYPE! " + intType);
        }
        const intInfo = int_type & 15;
        const intLength = Math.pow(2, intInfo);
        stroffset = 2 + intLength;
        if (intLength < 3) {
          length = readUInt(buffer.slice(offset + 2, offset + 2 + intLength));
        } else {
          length = readUInt(buffer.slice(offset + 2, offset + 2 + intLength));
        }
      }
      length *= utf16Flag ? 2 : 1;
      if (length < maxObjectSize) {
        let plistString = Buffer.from(buffer.slice(offset + stroffset, offset + stroffset + length));
        if (utf16Flag) {
          plistString = swapBytes(plistString);
          enc = "ucs2";
        }
        return plistString.toString(enc);
      }
      throw new Error("Too little heap space available! Wanted to read " + length + " bytes, but only " + maxObjectSize + " are available.");
    }
    function parseArray() {
      let length = objInfo;
      let arrayoffset = 1;
      if (objInfo == 15) {
        const int_type = buffer[offset + 1];
        const intType = (int_type & 240) / 16;
        if (intType != 1) {
          console.error("0xa: UNEXPECTED LENGTH-INT TYPE! " + intType);
        }
        const intInfo = int_type & 15;
        const intLength = Math.pow(2, intInfo);
        arrayoffset = 2 + intLength;
        if (intLength < 3) {
          length = readUInt(buffer.slice(offset + 2, offset + 2 + intLength));
        } else {
          length = readUInt(buffer.slice(offset + 2, offset + 2 + intLength));
        }
      }
      if (length * objectRefSize > maxObjectSize) {
        throw new Error("Too little heap space available!");
      }
      const array = [];
      for (let i = 0; i < length; i++) {
        const objRef = readUInt(buffer.slice(offset + arrayoffset + i * objectRefSize, offset + arrayoffset + (i + 1) * objectRefSize));
        array[i] = parseObject(objRef);
      }
      return array;
    }
    function parseDictionary() {
      let length = objInfo;
      let dictoffset = 1;
      if (objInfo == 15) {
        const int_type = buffer[offset + 1];
        const intType = (int_type & 240) / 16;
        if (intType != 1) {
          console.error("0xD: UNEXPECTED LENGTH-INT TYPE! " + intType);
        }
        const intInfo = int_type & 15;
        const intLength = Math.pow(2, intInfo);
        dictoffset = 2 + intLength;
        if (intLength < 3) {
          length = readUInt(buffer.slice(offset + 2, offset + 2 + intLength));
        } else {
          length = readUInt(buffer.slice(offset + 2, offset + 2 + intLength));
        }
      }
      if (length * 2 * objectRefSize > maxObjectSize) {
        throw new Error("Too little heap space available!");
      }
      if (debug) {
        console.log("Parsing dictionary #" + tableOffset);
      }
      const dict = {};
      for (let i = 0; i < length; i++) {
        const keyRef = readUInt(buffer.slice(offset + dictoffset + i * objectRefSize, offset + dictoffset + (i + 1) * objectRefSize));
        const valRef = readUInt(buffer.slice(offset + dictoffset + length * objectRefSize + i * objectRefSize, offset + dictoffset + length * objectRefSize + (i + 1) * objectRefSize));
        const key = parseObject(keyRef);
        const val = parseObject(valRef);
        if (debug) {
          console.log("  DICT #" + tableOffset + ": Mapped " + key + " to " + val);
        }
        dict[key] = val;
      }
      return dict;
    }
  }
  return [parseObject(topObject)];
}
function readUInt(buffer, start) {
  start = start || 0;
  let l = 0;
  for (let i = start; i < buffer.length; i++) {
    l = l * 256 + buffer[i];
  }
  return l;
}
function readBigUInt(buffer) {
  let value = 0n;
  for (const byte of buffer) {
    value = value << 8n | BigInt(byte);
  }
  return value;
}
function simplifyInteger(value) {
  if (value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)) {
    return Number(value);
  }
  return value;
}
function readInteger(buffer) {
  let value = readBigUInt(buffer);
  if (buffer.length === 8 && buffer[0] & 128) {
    value -= 1n << 64n;
  }
  return simplifyInteger(value);
}
function readUInt64BE(buffer, start) {
  const data = buffer.slice(start, start + 8);
  return readUInt(data, 0);
}
function swapBytes(buffer) {
  const len = buffer.length;
  for (let i = 0; i < len; i += 2) {
    const a = buffer[i];
    buffer[i] = buffer[i + 1];
    buffer[i + 1] = a;
  }
  return buffer;
}

//# sourceMappingURL=index.mjs.map


/***/ })

};

//# sourceMappingURL=427.index.js.map