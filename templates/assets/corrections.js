// Fills the device field when the page is opened from a device page's "Report a correction" link.
const device = new URLSearchParams(location.search).get("device");
const field = document.getElementById("device");
if (device && field && !field.value) field.value = device.slice(0, 300);
