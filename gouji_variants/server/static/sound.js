// An optional sound when it is your turn: a short beep made with WebAudio (no file fetched), off by default
// (a sound nobody asked for in a shared room is unwelcome, and browsers refuse audio before a tap anyway);
// the switch is kept in localStorage.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "gouji.sound";
let context = null;

export function soundOn() { try { return localStorage.getItem(KEY) === "on"; } catch { return false; } }

function setSound(on) { try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* private mode */ } }

/** A 0.15-second beep at 880 Hz, when the sound is on (the audio context made at the first tap that turns it on). */
export function beep() {
  if (!soundOn() || !context) return;
  const now = context.currentTime;
  const tone = context.createOscillator();
  const volume = context.createGain();
  tone.frequency.value = 880;
  volume.gain.setValueAtTime(0.0001, now);
  volume.gain.exponentialRampToValueAtTime(0.2, now + 0.01);
  volume.gain.exponentialRampToValueAtTime(0.0001, now + 0.15);
  tone.connect(volume).connect(context.destination);
  tone.start(now);
  tone.stop(now + 0.16);
}

function ready() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!context && Audio) context = new Audio();
  if (context && context.state === "suspended") context.resume();
}

/** The mute switch: a toggle button saying whether the turn sound is on. */
export function soundSwitch() {
  const button = h("button", { type: "button", class: "small sound", id: "sound" });
  const show = () => { const on = soundOn(); button.textContent = on ? t("sound_on") : t("sound_off"); button.setAttribute("aria-pressed", String(on)); };
  button.title = t("sound");
  button.addEventListener("click", () => { setSound(!soundOn()); if (soundOn()) { ready(); beep(); } show(); });
  if (soundOn()) document.addEventListener("pointerdown", ready, { once: true });  // (audio may start at a tap only)
  show();
  return button;
}
