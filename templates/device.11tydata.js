// A function permalink: Eleventy would otherwise compile a Nunjucks string
// for every one of thousands of device pages.
export default {
  permalink: (data) => `devices/${data.d.doc.slug}.html`,
};
