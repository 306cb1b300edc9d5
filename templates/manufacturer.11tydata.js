// Function permalinks and titles, as for device pages: no Nunjucks string compiled per page.
export default {
  permalink: (data) => data.mp.permalink,
  eleventyComputed: {
    title: (data) => data.mp.title,
    description: (data) =>
      `When ${data.mp.maker.name} devices stop getting OS and security updates: a timeline of each device's support, with the dates in words.`,
  },
};
