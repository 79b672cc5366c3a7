// Sound and motion, each with a toggle the page remembers: a chime for your turn, a click for a
// call, a soft shuffle for a deal; cards dealt into the hand, the pile pulsing as a play lands,
// a call's cards flipping face up. Motion starts off where the system asks for reduced motion
// (prefers-reduced-motion); sound plays only once the page has been clicked (browsers allow
// no sound before that). The tones are made here (Web Audio): no sound files.
import { $ } from "./dom.js";

const STORE = "bluffhouse:effects";

export function makeEffects(S, ui) {
  const saved = JSON.parse(localStorage.getItem(STORE) || "null") || {};
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  S.sound = saved.sound !== undefined ? Boolean(saved.sound) : true;
  S.motion = saved.motion !== undefined ? Boolean(saved.motion) : !reduced;
  S.cues = []; // the cues played, newest last (for the curious, and the tests)
  let audio = null;

  function save() { localStorage.setItem(STORE, JSON.stringify({ sound: S.sound, motion: S.motion })); }

  function applyMotion() {
    document.body.classList.toggle("motion", S.motion);
    $("#motion-toggle").checked = S.motion;
    $("#sound-toggle").checked = S.sound;
  }

  function tone(freq, start, length, volume = 0.06) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(volume, audio.currentTime + start);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + start + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(audio.currentTime + start);
    osc.stop(audio.currentTime + start + length);
  }

  const SOUNDS = {
    turn: () => { tone(660, 0, 0.18); tone(880, 0.12, 0.22); },
    call: () => { tone(220, 0, 0.12, 0.09); },
    deal: () => { for (let i = 0; i < 4; i += 1) tone(1200 + 90 * i, 0.05 * i, 0.04, 0.03); },
  };

  // A moment worth a sound: played if sound is on and the page may play it.
  function cue(kind) {
    S.cues.push(kind);
    if (S.cues.length > 50) S.cues.shift();
    if (!S.sound || !SOUNDS[kind]) return;
    if (!audio && window.AudioContext) audio = new AudioContext();
    if (!audio || audio.state !== "running") return; // not clicked yet: silence
    SOUNDS[kind]();
  }

  // What the new state brings: your turn, a call, a deal (each a cue).
  function noticeState(wasMyTurn, newEvents) {
    const mine = S.seat !== null && S.view && !S.view.over && S.view.to_act.includes(S.seat);
    if (newEvents.some((e) => e.type === "deal" || e.type === "deal_start")) cue("deal");
    if (newEvents.some((e) => e.type === "call" || e.type === "believe")) cue("call");
    if (mine && !wasMyTurn) cue("turn");
  }

  function wire() {
    applyMotion();
    $("#sound-toggle").addEventListener("change", () => { S.sound = $("#sound-toggle").checked; save(); });
    $("#motion-toggle").addEventListener("change", () => { S.motion = $("#motion-toggle").checked; save(); applyMotion(); });
    // the first click anywhere lets the page play sound
    document.addEventListener("pointerdown", () => {
      if (!audio && window.AudioContext) audio = new AudioContext();
      if (audio && audio.state === "suspended") audio.resume();
    }, { once: true });
  }

  return { cue, noticeState, wireEffects: wire };
}
