"use strict";
const frame = document.getElementById("frame");
document.getElementById("scrub").addEventListener("input", (e) => { frame.src = "/frame.png?t=" + e.target.value; });
frame.src = "/frame.png?t=0";
